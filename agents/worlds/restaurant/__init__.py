"""The restaurant shift in the runner and the report: grading a shift and its record
(`shift`), the shift leaderboard (`board`), report.html's section (`report_html`), the
rule-based manager (`heuristic`) and the world's pack of this layer (`pack`)."""

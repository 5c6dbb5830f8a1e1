"""What Arcadia's people write about: projects per department, thread topics inside teams,
between managers and reports and across teams, attachments, newsletters and customers'
questions (`{p}` a project, `{d}` a day, `{m}` a month, and the names each topic uses)."""

PROJECTS = {
    "ENG": ("Gen3 gripper", "ARC-7 arm", "firmware 4.2 release", "vision stack refresh",
            "motion planner rewrite", "safety PLC integration", "CI pipeline"),
    "MFG": ("Line 2 changeover", "ARC-7 pilot build", "cycle-time reduction", "5S audit",
            "torque-tool calibration", "night-shift staffing"),
    "SCM": ("Q2 demand plan", "servo motor sourcing", "Reno cycle count", "freight RFQ",
            "safety stock review", "dual-sourcing harnesses"),
    "QA": ("supplier audit schedule", "ISO 9001 surveillance audit", "CAPA backlog",
           "incoming inspection plan", "MTBF report"),
    "SAL": ("Q1 pipeline", "Midwest distributor deal", "EMEA pricing", "trade-show leads",
            "renewals forecast", "demo unit pool"),
    "FIN": ("month-end close", "Q1 forecast", "audit PBC list", "expense policy update",
            "sales tax filing", "cash forecast"),
    "HR": ("open enrolment follow-up", "performance review calibration", "onboarding revamp",
           "handbook update", "engagement survey", "comp review cycle"),
    "IT": ("laptop refresh", "MFA rollout", "Wi-Fi upgrade at Columbus", "ticket backlog",
           "SSO migration", "backup restore test"),
    "LEG": ("MSA redlines", "NDA template refresh", "export classification",
            "patent filing", "privacy policy update"),
    "EXE": ("board deck", "offsite planning", "investor update", "OKR review"),
}

# Team threads: (subject, opening, replies). {p} a project, {d} a day, {m} a month.
TEAM_TOPICS = (
    ("{p} - status this week", "Quick status on {p}: we're mostly on track, two open items "
     "I'd like to close before {d}. Can you send me your updates by end of day?",
     ("Mine are in the tracker now. One blocker on my side, details in the notes.",
      "Updated. I can pick up the second open item if nobody has it.",
      "Thanks both, that covers it. I'll summarise for the team meeting.")),
    ("Coverage while I'm out {d}", "Heads up that I'm out on {d}. Could someone cover my "
     "items on {p}? Everything is documented in the shared folder.",
     ("I can cover. Anything urgent I should know about?",
      "Nothing urgent, just keep an eye on the open tickets. Thank you!",
      "Happy to back up as well if needed.")),
    ("Notes from today's sync", "Notes from today: 1) {p} review moved to {d}; 2) please "
     "log hours against the right project code; 3) team lunch next week.",
     ("Thanks for sending. Small correction: the review is in the afternoon.",
      "Got it, updated the calendar invite.")),
    ("Question on {p}", "Do we have a decision on the approach for {p}? I want to start on "
     "my part but don't want to redo it.",
     ("Not final yet, but go with option B for now. I'll confirm by {d}.",
      "Option B works for me too.",
      "Great, starting on it today.")),
    ("{p}: draft for review", "Attached is the first draft for {p}. Comments welcome by {d}.",
     ("Looks good overall. A few comments inline.", "Addressed your comments, new version "
      "in the same folder.", "Thanks, approved from my side.")),
    ("Lunch and learn on {d}?", "Would anyone be interested in a lunch and learn on {p}? "
     "I could do 30 minutes on {d}.",
     ("Yes please!", "Count me in. Can we record it for the other site?",
      "Will do. I'll send an invite.")),
    ("Handoff: {p}", "I'm handing over {p} since my priorities changed. Summary of where "
     "things stand is attached; let's walk through it {d}.",
     ("Thanks, {d} works. I'll read through before.", "Sounds good.")),
    ("{m} priorities", "Here's how I see our priorities for {m}: {p} first, then the "
     "backlog. Shout if you see it differently.",
     ("Agree. We may need help from another team on the second item.",
      "I'll raise that with their manager.")),
)

MANAGER_TOPICS = (
    ("Agenda for our 1:1", "Hi {r}, for our 1:1 I'd like to cover your goals for {m} and "
     "how {p} is going. Anything you want to add?",
     ("Thanks {mg}. I'd also like to talk about training options.", "Sure, add it to the doc.")),
    ("Feedback on {p}", "Hi {r}, nice work on {p} this week. The write-up was clear and the "
     "team appreciated it.", ("Thank you, that's good to hear!",)),
    ("Time off in {m}", "Hi {mg}, I'm planning a few days off in {m}. I'll put the request "
     "in BambooHR. Any concerns with timing around {p}?",
     ("No concerns, go ahead. Make sure someone covers your open items.",
      "Will do, thanks.")),
    ("Your goals for next quarter", "Hi {r}, please draft your goals for next quarter before "
     "{d}; we'll refine them together.", ("Will do. I'll have a draft by then.",)),
    ("Training budget request", "Hi {mg}, there's a course relevant to {p} (about $1,200). "
     "Would the team budget cover it?",
     ("Send me the details and I'll check with Finance.", "Sent, thank you.")),
    ("Checking in", "Hi {r}, just checking in: how is the workload? I know {p} has been "
     "busy.", ("Busy but manageable. I'll flag if that changes.", "Thanks, appreciate it.")),
)

CROSS_TOPICS = (
    ("HR", "Question about my benefits", "Hi {t}, I'm trying to add my spouse to my dental "
     "plan. Is that possible outside open enrolment?",
     ("Hi {f}, yes, a qualifying life event lets you do that within 30 days. I'll send "
      "you the form.", "Thank you!")),
    ("HR", "Employment verification letter", "Hi {t}, could I get an employment verification "
     "letter for my apartment application?", ("Sure, I'll send it over by tomorrow.",)),
    ("IT", "Laptop running slow", "Hi {t}, my laptop has been very slow since the last "
     "update. Could someone take a look?",
     ("Hi {f}, I've opened a ticket. Can you bring it to the service desk tomorrow?",
      "Yes, I'll drop by in the morning.")),
    ("IT", "Access to the shared drive", "Hi {t}, I need access to the {p} folder on the "
     "shared drive. My manager approved it.", ("Done, you should see it within the hour.",
                                                "Works now, thanks!")),
    ("FIN", "Expense report question", "Hi {t}, my expense report was sent back. Which "
     "receipt is missing?", ("Hi {f}, the hotel folio for the second night. Attach it and "
                             "resubmit.", "Done, thank you.")),
    ("FIN", "Budget for {m}", "Hi {t}, can you confirm how much is left in our budget for "
     "{m}? We're planning a purchase for {p}.",
     ("Hi {f}, I'll pull the numbers from the budget tracker and get back to you.",)),
    ("SCM", "Lead time on parts for {p}", "Hi {t}, what's the current lead time on the parts "
     "for {p}? We need them by {d}.",
     ("Hi {f}, about three weeks from our usual supplier. I'll check if we can expedite.",
      "Thanks, please do.")),
    ("QA", "Inspection results", "Hi {t}, are the inspection results for last week's lot "
     "available?", ("Yes, attached. Two non-conformances, both minor.",)),
    ("ENG", "Spec clarification", "Hi {t}, the drawing for {p} and the spec disagree on "
     "the tolerance. Which one is right?",
     ("Good catch, the spec is right. I'll update the drawing.", "Thank you.")),
    ("LEG", "NDA for a new partner", "Hi {t}, we need an NDA with a prospective partner "
     "before {d}. Can you send our standard mutual NDA?",
     ("Attached. Send it back once they've signed.",)),
    ("SAL", "Customer asking about {p}", "Hi {t}, a customer asked about {p}. Is there a "
     "date we can share?", ("Not yet public. I'll let you know what we can say.",)),
)

ATTACH_TYPES = (
    ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
    ("pdf", "application/pdf"),
)
PDF = "application/pdf"

NEWSLETTERS = (
    ("The Robot Report", "newsletter@therobotreport.com", "This week in robotics"),
    ("Automation World", "news@automationworld.com", "Automation World Daily"),
    ("SHRM", "shrm@e.shrm.org", "HR Daily: this week's top stories"),
    ("IEEE Spectrum", "spectrum@ieee.org", "Tech Alert: robotics"),
    ("Supply Chain Dive", "newsletter@supplychaindive.com", "Supply Chain Dive: Operations"),
)
DEPT_NEWSLETTERS = {"ENG": (0, 3), "MFG": (0, 1), "SCM": (4,), "HR": (2,), "QA": (1,),
                    "SAL": (0,), "IT": (3,), "FIN": (), "LEG": (), "EXE": (0,)}

CUSTOMER_TOPICS = (
    ("Quote request: {n} units", "Hi {t}, we're evaluating cobots for our packaging line. "
     "Could you send a quote for {n} units with the extended warranty?",
     "Thanks for reaching out. I'll have a quote to you by {d}."),
    ("Follow-up from our demo", "Hi {t}, thanks for the demo last week. Our engineering team "
     "has a few questions about payload and reach; can we set up a call?",
     "Happy to. I'll bring one of our solutions engineers."),
    ("Service contract renewal", "Hi {t}, our service contract expires next month. What are "
     "the renewal options?", "I'll send the renewal options and pricing this week."),
)

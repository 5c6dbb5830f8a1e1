"""Two functions in place of a task's tools when there are more than a model endpoint takes.

OpenAI's chat completions accept at most 128 functions in one request; a task of the default
world offers every operation of the apps its family uses (242 to 339 of them). The `llm`
agent then offers `find_tools` (a task's tools by app and words, each with its whole
function schema) and `call_tool` (one of them by name, with its arguments), so every tool
stays reachable and the model reads the schemas of those it looks for. Which tools exist is
the same for every task of a family either way, so twins stay alike.

A search is not a call to an app: it reaches no environment, changes nothing and is not in
the trace; it costs the model's turns like any other answer.
"""

from __future__ import annotations

import json
from typing import Any

FIND, CALL = "find_tools", "call_tool"
# Functions one request may carry: OpenAI's limit.
MAX_TOOLS = 128
# Tools one search returns at most, in name order (the rest are counted, not shown).
SHOWN = 12


def _app(name: str) -> str:
    return name.split("_", 1)[0]


class ToolIndex:
    """A task's tools behind `find_tools` and `call_tool`."""

    def __init__(self, tools: list[dict[str, Any]]) -> None:
        self.tools = {t["function"]["name"]: t["function"] for t in tools}
        self.apps = sorted({_app(name) for name in self.tools})

    def offered(self) -> list[dict[str, Any]]:
        """The two functions the model is given."""
        return [
            {"type": "function", "function": {
                "name": FIND,
                "description": (
                    f"Find the tools you can call ({len(self.tools)} in all, each one call "
                    "to an app's API). Returns, in name order, at most "
                    f"{SHOWN} tools whose name or description holds every word of `query`, "
                    "each with its name, description and JSON-schema parameters, and how many "
                    "matched. Then call one with call_tool."),
                "parameters": {"type": "object", "properties": {
                    "app": {"type": "string", "enum": self.apps,
                            "description": "Only this app's tools."},
                    "query": {"type": "string",
                              "description": "Words to look for, e.g. 'list employees'."}},
                    "additionalProperties": False}}},
            {"type": "function", "function": {
                "name": CALL,
                "description": ("Call one tool that find_tools showed, by its name, with "
                                "arguments as its parameters describe. Returns the app's "
                                "HTTP status and response body."),
                "parameters": {"type": "object", "properties": {
                    "name": {"type": "string", "description": "The tool's name."},
                    "arguments": {"type": "object",
                                  "description": "The tool's arguments."}},
                    "required": ["name"], "additionalProperties": False}}},
        ]

    def find(self, arguments: dict[str, Any]) -> str:
        """The answer to a `find_tools` call, as JSON text (or an error to read)."""
        app, query = arguments.get("app"), arguments.get("query", "")
        if app is not None and app not in self.apps:
            return f"error: app must be one of {', '.join(self.apps)}"
        if not isinstance(query, str):
            return "error: query must be a string of words"
        words = query.lower().split()
        found = [f for name, f in sorted(self.tools.items())
                 if (app is None or _app(name) == app)
                 and all(w in f"{name} {f.get('description', '')}".lower() for w in words)]
        return json.dumps({"matched": len(found), "shown": min(len(found), SHOWN),
                           "tools": [{"name": f["name"], "description": f.get("description"),
                                      "parameters": f.get("parameters")}
                                     for f in found[:SHOWN]]})

    def route(self, name: str, arguments: dict[str, Any]) -> tuple[str, dict[str, Any]] | str:
        """What a call the model makes is: the task's tool and arguments to call, or the text
        to answer it with (a search's result, or an error starting `error:`)."""
        if name == FIND:
            return self.find(arguments)
        if name == CALL:
            return self.unwrap(arguments)
        if name in self.tools:  # a tool of the task called by its own name: as good
            return name, arguments
        return f"error: no tool is named {name[:80]!r}; call {FIND} or {CALL}"

    def unwrap(self, arguments: dict[str, Any]) -> tuple[str, dict[str, Any]] | str:
        """The tool and arguments a `call_tool` call names, or an error to read."""
        name, args = arguments.get("name"), arguments.get("arguments", {})
        if not isinstance(name, str) or name not in self.tools:
            return (f"error: no tool is named {str(name)[:80]!r}; find it with {FIND} "
                    "first")
        if not isinstance(args, dict):
            return "error: arguments must be an object"
        return name, args

"""A scriptable OpenAI-compatible chat-completions server on 127.0.0.1, for the `llm` agent.

A script is a list of answers, one per request, or a callable(request_json) -> answer:

    with FakeOpenAI([call("hris_list_employees", {"limit": 5}), reply("done")]) as fake:
        agent = LlmAgent(base_url=fake.base_url, api_key="test", model="fake")
        ...
        fake.requests  # every request body it got, in order

An answer is `reply(text)` (a final message), `calls(call(name, args), ...)` or one
`call(...)` (tool calls; args a dict, or a raw string to send malformed JSON), or
`fail(status)` (an error response: 500 and 429 simulate an outage). Every answer carries
`usage`. Past the end of a list script the server answers 400 ("script exhausted").
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from tests.factories import free_ports

Answer = dict[str, Any]
Script = list[Answer] | Callable[[dict[str, Any]], Answer]


def reply(text: str, *, usage: tuple[int, int] | None = None) -> Answer:
    """A final message."""
    return {"content": text, "usage": usage}


def call(name: str, arguments: dict[str, Any] | str | None = None, id: str | None = None) -> Answer:
    """One tool call (an answer by itself, or a part of `calls`)."""
    raw = arguments if isinstance(arguments, str) else json.dumps(arguments or {})
    return {"tool_calls": [{"id": id, "name": name, "arguments": raw}]}


def calls(*parts: Answer, usage: tuple[int, int] | None = None) -> Answer:
    """Several tool calls in one answer."""
    return {"tool_calls": [tc for part in parts for tc in part["tool_calls"]], "usage": usage}


def fail(status: int, message: str = "simulated failure") -> Answer:
    """An error response, in OpenAI's error shape."""
    return {"status": status, "message": message}


class FakeOpenAI:
    """The server; a context manager that starts it in a thread and stops it."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.requests: list[dict[str, Any]] = []
        self.errors: list[Exception] = []  # what a callable script raised
        self.port = free_ports(1)
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self._lock = threading.Lock()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    # The answer for one request, as a status and a JSON body.
    def answer(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        with self._lock:
            self.requests.append(body)
            n = len(self.requests)
            if callable(self.script):
                try:
                    spec = self.script(body)
                except Exception as exc:  # a broken script: a 400 the agent won't retry
                    self.errors.append(exc)
                    spec = fail(400, f"fake provider: the script raised {exc!r}")
            elif n <= len(self.script):
                spec = self.script[n - 1]
            else:
                spec = fail(400, f"fake provider: script exhausted after {len(self.script)}")
        if "status" in spec:
            kind = {429: "rate_limit_exceeded", 500: "server_error"}.get(spec["status"], "error")
            return spec["status"], {
                "error": {"message": spec["message"], "type": kind, "param": None, "code": None}
            }
        return 200, self._completion(body, spec, n)

    def _completion(self, body: dict[str, Any], spec: Answer, n: int) -> dict[str, Any]:
        tool_calls = [
            {
                "id": tc["id"] or f"call_{n}_{i}",
                "type": "function",
                "function": {"name": tc["name"], "arguments": tc["arguments"]},
            }
            for i, tc in enumerate(spec.get("tool_calls") or [])
        ]
        message: dict[str, Any] = {"role": "assistant", "content": spec.get("content")}
        if tool_calls:
            message["tool_calls"] = tool_calls
        prompt, completion = spec.get("usage") or (
            len(json.dumps(body.get("messages", []))) // 4 + 1,
            len(json.dumps(message)) // 4 + 1,
        )
        return {
            "id": f"chatcmpl-fake-{n}",
            "object": "chat.completion",
            "created": 1_700_000_000,
            "model": body.get("model", "fake"),
            "choices": [{
                "index": 0,
                "message": message,
                "finish_reason": "tool_calls" if tool_calls else "stop",
                "logprobs": None,
            }],
            "usage": {
                "prompt_tokens": prompt,
                "completion_tokens": completion,
                "total_tokens": prompt + completion,
            },
        }

    def app(self) -> FastAPI:
        api = FastAPI()

        async def completions(request: Request) -> JSONResponse:
            status, payload = self.answer(await request.json())
            # Tell the SDK to retry at once (it honours retry-after-ms), so tests stay fast.
            return JSONResponse(payload, status_code=status, headers={"retry-after-ms": "1"})

        api.add_api_route("/v1/chat/completions", completions, methods=["POST"])
        api.add_api_route("/chat/completions", completions, methods=["POST"])
        return api

    def __enter__(self) -> FakeOpenAI:
        config = uvicorn.Config(
            self.app(), host="127.0.0.1", port=self.port, log_level="warning",
            lifespan="off", ws="none", loop="asyncio", http="h11",
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the fake provider did not start on port {self.port}")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None and self._thread is not None
        self._server.should_exit = True
        self._thread.join(timeout=10)

    # What tests read back.
    def tool_messages(self, index: int = -1) -> list[dict[str, Any]]:
        """The tool messages in the `index`-th request (the last by default)."""
        return [m for m in self.requests[index]["messages"] if m.get("role") == "tool"]


@contextmanager
def fake_openai(script: Script) -> Iterator[FakeOpenAI]:
    with FakeOpenAI(script) as fake:
        yield fake

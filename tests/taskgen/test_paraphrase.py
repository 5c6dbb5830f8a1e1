"""The optional paraphrase, driven by a fake OpenAI-compatible model (no provider needed)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import httpx

from arcadia.taskgen.generate import Generator
from arcadia.taskgen.paraphrase import Paraphraser, problems


def fake_model(reword: Callable[[str], str], seen: list[dict[str, object]]
               ) -> httpx.MockTransport:
    """A chat-completions endpoint that rewords the user message with `reword`."""
    def handle(request: httpx.Request) -> httpx.Response:
        assert request.url.path.endswith("/chat/completions")
        body = json.loads(request.content)
        seen.append(body)
        text = reword(body["messages"][-1]["content"])
        return httpx.Response(200, json={"choices": [{"message": {"role": "assistant",
                                                                  "content": text}}]})
    return httpx.MockTransport(handle)


def _run(reword: Callable[[str], str]) -> tuple[Generator, list[dict[str, object]]]:
    seen: list[dict[str, object]] = []
    para = Paraphraser("http://fake.model/v1", "fake-1", "k",
                       transport=fake_model(reword, seen))
    gen = Generator(seeds=[3], situations=["hr-mismatch-v1"], headcount=120,
                    goals=["payroll-title-v1"], count=1, paraphraser=para,
                    generation="v1")
    asyncio.run(gen.run())
    return gen, seen


def test_a_faithful_paraphrase_replaces_the_wording_and_the_task_still_certifies() -> None:
    gen, seen = _run(lambda text: "Hi, quick one from me. " + text)
    assert seen and seen[0]["model"] == "fake-1"
    assert gen.paraphrases == {"accepted": 1}
    task = gen.shipped[0].task
    assert task.instruction.startswith("Hi, quick one from me. ")


def test_a_paraphrase_that_drops_a_slot_or_names_a_field_is_not_used() -> None:
    gen, _ = _run(lambda text: text.split("(")[0] + "please fix the title.")
    assert list(gen.paraphrases) == ["kept: slot email"]
    assert not gen.shipped[0].task.instruction.startswith("Hi")
    gen, _ = _run(lambda text: text + " Use payroll_update_job on job_uuid.")
    assert list(gen.paraphrases) == ["kept: names the field or tool"]
    assert "payroll_update_job" not in gen.shipped[0].task.instruction


def test_problems_names_each_reason() -> None:
    slots = {"name": "Ann Lee", "email": "ann.lee@x.com"}
    said = "Ann Lee (ann.lee@x.com) needs a fix in payroll."
    assert problems(said, said.replace("payroll", "pay"), slots, ["flsa_status"]) == []
    assert problems(said, "Ann needs a fix.", slots, []) == [
        "slot email ('ann.lee@x.com') did not survive",
        "slot name ('Ann Lee') did not survive"]
    assert problems(said, said + " In Gusto.", slots, []) == ["names the app 'gusto'"]
    assert problems(said, said + " Set flsa_status.", slots, ["flsa_status"]) == [
        "names the field or tool 'flsa_status'"]

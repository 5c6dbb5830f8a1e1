"""An optional paraphrase of generated instructions through an OpenAI-compatible model.

Off by default. A paraphrase replaces the template's wording only if every slot value the
instruction states survives verbatim, it names no tool, app or API field, and the task
with the new wording still passes the certificate (the generator re-certifies it);
otherwise the template's wording stays and the reason is counted.

Configured by `ARCADIA_PARAPHRASE_BASE_URL` (e.g. `https://api.openai.com/v1`),
`ARCADIA_PARAPHRASE_MODEL` and `ARCADIA_PARAPHRASE_API_KEY`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import httpx

PROMPT = ("Rewrite this request from a colleague so that it reads naturally, in one "
          "paragraph, as the same person would write it. Keep every name, e-mail address, "
          "date, time, number and quoted text exactly as written. Do not add facts, steps "
          "or system names. Answer with the rewritten request only.")
# Product and app names an instruction may not use: the agent must find its way in the
# tools, not be told which one.
APP_WORDS = ("hris", "payroll", "ats", "procurement", "bamboohr", "gusto", "greenhouse",
             "coupa", "graph", "outlook", "sheets api", "openapi", "endpoint")


@dataclass
class Paraphraser:
    base_url: str
    model: str
    api_key: str = ""
    transport: httpx.BaseTransport | None = None  # tests pass a fake model's transport

    @classmethod
    def from_env(cls) -> Paraphraser | None:
        base = os.environ.get("ARCADIA_PARAPHRASE_BASE_URL")
        model = os.environ.get("ARCADIA_PARAPHRASE_MODEL")
        if not base or not model:
            return None
        return cls(base, model, os.environ.get("ARCADIA_PARAPHRASE_API_KEY", ""))

    def rewrite(self, instruction: str) -> str:
        """The model's rewording (raises `httpx.HTTPError` when the endpoint fails)."""
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        with httpx.Client(base_url=self.base_url, transport=self.transport, timeout=60,
                          headers=headers) as client:
            r = client.post("/chat/completions", json={
                "model": self.model, "temperature": 0,
                "messages": [{"role": "system", "content": PROMPT},
                             {"role": "user", "content": instruction}]})
            r.raise_for_status()
            return str(r.json()["choices"][0]["message"]["content"]).strip()


def problems(original: str, new: str, slots: Mapping[str, Any], names: Iterable[str]
             ) -> list[str]:
    """Why `new` cannot replace `original`: a slot value it lost, or a tool, app or
    field name it introduced (`names`: operation ids and API field names)."""
    out = []
    for key, value in sorted(slots.items()):
        text = str(value)
        if text and text in original and text not in new:
            out.append(f"slot {key} ({text!r}) did not survive")
    low_new, low_old = new.lower(), original.lower()
    for word in APP_WORDS:
        if re.search(rf"\b{re.escape(word)}\b", low_new) and not re.search(
                rf"\b{re.escape(word)}\b", low_old):
            out.append(f"names the app {word!r}")
    for name in sorted(set(names)):
        if len(name) > 3 and ("_" in name or any(c.isupper() for c in name[1:])) and \
                name in new and name not in original:
            out.append(f"names the field or tool {name!r}")
    if not new.strip():
        out.append("empty")
    return out

"""What every calendar wire model is: Graph's inputs (names read without regard to
case, `@odata.*` annotations ignored, any other unknown property refused) and outputs."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

D = Field  # every field below carries a description


class GraphIn(BaseModel):
    """Graph reads property names without regard to case (its SDKs send action parameters
    as `Comment`, `SendResponse`) and ignores `@odata.*` annotations."""

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _graph_names(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        names = {n.lower(): n for n in cls.model_fields}
        out: dict[Any, Any] = {}
        for k, v in data.items():
            if isinstance(k, str) and k.startswith("@odata."):
                continue
            out[names.get(k.lower(), k) if isinstance(k, str) else k] = v
        return out


class GraphOut(BaseModel):
    model_config = ConfigDict(extra="allow")

"""Colors as Sheets returns them: every color is given both ways, the deprecated plain
`xColor` and its `xColorStyle` (a theme color resolved to the theme's RGB for the plain
one), whichever the request sent."""

from __future__ import annotations

from typing import Any

WHITE = {"red": 1, "green": 1, "blue": 1}
THEME_RGB: dict[str, dict[str, Any]] = {
    "TEXT": {}, "BACKGROUND": WHITE,
    "ACCENT1": {"red": 0.25882354, "green": 0.52156866, "blue": 0.95686275},
    "ACCENT2": {"red": 0.91764706, "green": 0.2627451, "blue": 0.20784314},
    "ACCENT3": {"red": 0.9843137, "green": 0.7372549, "blue": 0.015686275},
    "ACCENT4": {"red": 0.20392157, "green": 0.65882355, "blue": 0.3254902},
    "ACCENT5": {"red": 1, "green": 0.42745098, "blue": 0.003921569},
    "ACCENT6": {"red": 0.27450982, "green": 0.7411765, "blue": 0.7764706},
    "LINK": {"red": 0.06666667, "green": 0.33333334, "blue": 0.8}}


def _is_color_key(key: str) -> bool:
    return key == "color" or (key.endswith("Color") and key != "rgbColor")


def sync(node: Any, theme: dict[str, dict[str, Any]] | None = None) -> Any:
    """`node` with each color pair completed (recursively; the input is not changed)."""
    if isinstance(node, list):
        return [sync(x, theme) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: sync(v, theme) for k, v in node.items()}
    for key in list(out):
        if _is_color_key(key) and isinstance(out[key], dict) and key + "Style" not in out:
            out[key + "Style"] = {"rgbColor": out[key]}
        if key.endswith("ColorStyle") or key == "colorStyle":
            base = key[:-5]
            style = out[key] or {}
            if base not in out:
                if "rgbColor" in style:
                    out[base] = style["rgbColor"]
                elif style.get("themeColor") in (theme or THEME_RGB):
                    out[base] = (theme or THEME_RGB)[style["themeColor"]]
    return out

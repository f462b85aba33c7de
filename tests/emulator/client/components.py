"""Reading message components and embeds the way a Discord client shows them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

Json = dict[str, Any]

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR = 9, 10, 11, 12, 13, 14
CONTAINER, LABEL = 17, 18
SELECTS = (STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT)
INTERACTIVE = (BUTTON, *SELECTS)
LINK_STYLE, PREMIUM_STYLE = 5, 6


def walk(components: list[Json]) -> Iterator[Json]:
    """Every component, depth first, in the order a reader meets them."""
    for component in components:
        yield component
        yield from walk(component.get("components") or [])
        for key in ("component", "accessory"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk([child])


def text_displays(components: list[Json]) -> list[str]:
    """The content of each text display (components v2)."""
    return [c.get("content", "") for c in walk(components) if c.get("type") == TEXT_DISPLAY]


def embed_text(embed: Json) -> str:
    """The visible text of an embed, top to bottom."""
    parts = [
        (embed.get("author") or {}).get("name"),
        embed.get("title"),
        embed.get("description"),
    ]
    for item in embed.get("fields") or []:
        parts += [item.get("name"), item.get("value")]
    parts.append((embed.get("footer") or {}).get("text"))
    return "\n".join(str(part) for part in parts if part)


def button_label(button: Json) -> str:
    """A button's label, or its emoji name when it has only an emoji."""
    if button.get("label"):
        return str(button["label"])
    emoji = button.get("emoji") or {}
    return str(emoji.get("name") or "")


def find_interactive(components: list[Json], target: str, kinds: tuple[int, ...]) -> Json:
    """The component of one of `kinds` whose custom_id, label or placeholder is `target`.

    Raises LookupError listing what is there when nothing (or more than one thing) matches.
    """
    candidates = [c for c in walk(components) if c.get("type") in kinds]
    by_id = [c for c in candidates if c.get("custom_id") == target]
    if by_id:
        return by_id[0]
    by_text = [c for c in candidates if target in (button_label(c), c.get("placeholder"))]
    if len(by_text) == 1:
        return by_text[0]
    shown = [
        f"{button_label(c) or c.get('placeholder')!r} ({c.get('custom_id')})" for c in candidates
    ]
    problem = "several components match" if by_text else "no component matches"
    raise LookupError(f"{problem} {target!r}; the message has: {', '.join(shown) or 'none'}")


def modal_inputs(components: list[Json]) -> list[Json]:
    """The fields a user fills in a modal (text inputs and selects), in order."""
    return [c for c in walk(components) if c.get("type") in (TEXT_INPUT, *SELECTS)]


def modal_submission(components: list[Json], values: dict[str, Any]) -> list[Json]:
    """The `components` of a modal-submit interaction, mirroring the modal's layout."""
    submitted: list[Json] = []
    for component in components:
        kind = component.get("type")
        if kind == ACTION_ROW:
            children = [_submitted_field(c, values) for c in component.get("components", [])]
            submitted.append({"type": ACTION_ROW, "components": children})
        elif kind == LABEL:
            child = _submitted_field(component["component"], values)
            submitted.append({"type": LABEL, "component": child})
        elif kind == TEXT_DISPLAY:
            submitted.append({"type": TEXT_DISPLAY, "content": component.get("content", "")})
    return submitted


def _submitted_field(component: Json, values: dict[str, Any]) -> Json:
    custom_id = component["custom_id"]
    value = values.get(custom_id, component.get("value") or "")
    if component["type"] == TEXT_INPUT:
        return {"type": TEXT_INPUT, "custom_id": custom_id, "value": str(value)}
    chosen = [value] if isinstance(value, str) else list(value or [])
    return {"type": component["type"], "custom_id": custom_id, "values": chosen}

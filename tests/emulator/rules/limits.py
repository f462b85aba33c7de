"""Discord's payload limits: messages, embeds, components, modals, choices, commands.

Each `check_*` function raises `APIError` 400 / 50035 with Discord's nested `errors`
tree (or another of Discord's 400s) for anything Discord itself would reject.
"""

from __future__ import annotations

import re
from typing import Any

from tests.emulator.client import components as comp
from tests.emulator.errors import APIError, FormErrorCollector
from tests.emulator.world.model import EPHEMERAL, IS_COMPONENTS_V2

Json = dict[str, Any]
Path = tuple[str | int, ...]

# Every request is first checked against Discord's API description (conformance.py); the
# limits below are the emulator's own. Each says which source it follows: "both" where the
# description and the documentation agree, "documentation" where only the documentation
# states it or states it more strictly (documented.BEYOND_DESCRIPTION lists those rules).
CONTENT_MAX = 2000  # documentation (the description says 4000: documented.CORRECTIONS)
EMBEDS_MAX, EMBED_TOTAL_MAX = 10, 6000  # both; the 6000 in all: documentation
EMBED_LIMITS = {"title": 256, "description": 4096}  # both
FIELDS_MAX, FIELD_NAME_MAX, FIELD_VALUE_MAX = 25, 256, 1024  # both
FOOTER_MAX, AUTHOR_MAX = 2048, 256  # both
# 5 rows: documentation (the description allows 40 top-level components); 5 in a row:
# both; 40 components of v2 in all, nested ones counted, and their text: documentation
ROWS_MAX, ROW_WIDTH, V2_COMPONENTS_MAX, V2_TEXT_MAX = 5, 5, 40, 4000
CUSTOM_ID_MAX, LABEL_MAX, PLACEHOLDER_MAX = 100, 80, 150  # both
OPTIONS_MAX, OPTION_TEXT_MAX = 25, 100  # both
# 5 rows of a modal: documentation (the description allows 40); the others: both
MODAL_TITLE_MAX, MODAL_ROWS_MAX, TEXT_INPUT_LABEL_MAX, TEXT_INPUT_VALUE_MAX = 45, 5, 45, 4000
CHOICES_MAX, CHOICE_NAME_MAX = 25, 100  # both
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")  # documentation: also lower case (chat commands)
MESSAGE_FLAGS = 4 | EPHEMERAL | 4096 | IS_COMPONENTS_V2


def check_message(body: Json, *, prefix: Path = (), creating: bool = True) -> None:
    """Validate a message create/edit body; `prefix` is ("data",) inside callbacks."""
    errors = FormErrorCollector()
    content = body.get("content")
    flags = int(body.get("flags") or 0)
    v2 = bool(flags & IS_COMPONENTS_V2)
    if content is not None:
        errors.max_length((*prefix, "content"), str(content), CONTENT_MAX)
    if flags & ~MESSAGE_FLAGS:
        errors.add((*prefix, "flags"), "MESSAGE_FLAGS_INVALID", "Invalid message flags")
    embeds = body.get("embeds") or []
    if v2 and (content or embeds):
        errors.add(
            (*prefix, "content" if content else "embeds"),
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
            "The 'content' and 'embeds' fields cannot be used with components v2",
        )
    check_embeds(embeds, errors, (*prefix, "embeds"))
    check_components(body.get("components") or [], errors, (*prefix, "components"), v2=v2)
    errors.raise_if_any()
    if creating and not (
        content
        or embeds
        or body.get("components")
        or body.get("attachments")
        or body.get("sticker_ids")
        or body.get("poll")
    ):
        raise APIError(400, 50006, "Cannot send an empty message", violation="empty_message")


def check_embeds(embeds: list[Json], errors: FormErrorCollector, path: Path) -> None:
    """Embed count, per-field lengths and the 6000-character total."""
    errors.max_length(path, embeds, EMBEDS_MAX)
    total = 0
    for index, embed in enumerate(embeds):
        here = (*path, index)
        for key, limit in EMBED_LIMITS.items():
            errors.max_length((*here, key), embed.get(key), limit)
            total += len(embed.get(key) or "")
        fields = embed.get("fields") or []
        errors.max_length((*here, "fields"), fields, FIELDS_MAX)
        for number, item in enumerate(fields):
            name, value = item.get("name"), item.get("value")
            for key, text, limit in (
                ("name", name, FIELD_NAME_MAX),
                ("value", value, FIELD_VALUE_MAX),
            ):
                if not text:
                    errors.required((*here, "fields", number, key))
                errors.max_length((*here, "fields", number, key), text, limit)
            total += len(name or "") + len(value or "")
        footer = (embed.get("footer") or {}).get("text")
        author = (embed.get("author") or {}).get("name")
        errors.max_length((*here, "footer", "text"), footer, FOOTER_MAX)
        errors.max_length((*here, "author", "name"), author, AUTHOR_MAX)
        total += len(footer or "") + len(author or "")
    if total > EMBED_TOTAL_MAX:
        errors.add(
            path, "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}"
        )


def check_components(
    components: list[Json], errors: FormErrorCollector, path: Path, *, v2: bool
) -> None:
    """Rows, widths, custom_ids, labels and select options."""
    if v2:
        everything = list(comp.walk(components))
        if len(everything) > V2_COMPONENTS_MAX:
            errors.add(
                path, "BASE_TYPE_MAX_LENGTH", f"Must be {V2_COMPONENTS_MAX} or fewer in length."
            )
        text = sum(
            len(c.get("content") or "") for c in everything if c.get("type") == comp.TEXT_DISPLAY
        )
        if text > V2_TEXT_MAX:
            errors.add(
                path,
                "MAX_TEXT_DISPLAY_SIZE_EXCEEDED",
                f"Text displays exceed {V2_TEXT_MAX} characters",
            )
    else:
        errors.max_length(path, components, ROWS_MAX)
        for index, row in enumerate(components):
            if row.get("type") != comp.ACTION_ROW:
                errors.add(
                    (*path, index, "type"),
                    "UNION_TYPE_CHOICES",
                    'Value of field "type" must be one of (1,).',
                )
                continue
            _check_row(row.get("components") or [], errors, (*path, index, "components"))
    seen: set[str] = set()
    for child in comp.walk(components):
        custom_id = child.get("custom_id")
        if custom_id is not None and custom_id in seen:
            errors.add(
                path, "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"
            )
        if custom_id is not None:
            seen.add(custom_id)


def _check_row(children: list[Json], errors: FormErrorCollector, path: Path) -> None:
    selects = [c for c in children if c.get("type") in comp.SELECTS]
    if not children or len(children) > ROW_WIDTH or (selects and len(children) > 1):
        errors.add(
            path,
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )
    for index, child in enumerate(children):
        if child.get("type") == comp.BUTTON:
            check_button(child, errors, (*path, index))
        elif child.get("type") in comp.SELECTS:
            check_select(child, errors, (*path, index))
        else:
            errors.add(
                (*path, index, "type"),
                "COMPONENT_TYPE_INVALID",
                "Component type is not allowed in an action row",
            )


def check_button(button: Json, errors: FormErrorCollector, path: Path) -> None:
    """A button: custom_id or url by style, label length."""
    style = button.get("style")
    errors.max_length((*path, "label"), button.get("label"), LABEL_MAX)
    if style == comp.LINK_STYLE:
        if not button.get("url"):
            errors.required((*path, "url"))
        if "custom_id" in button:
            errors.add(
                (*path, "custom_id"),
                "BUTTON_COMPONENT_INVALID_URL",
                "A link button cannot have a custom_id",
            )
    elif style != comp.PREMIUM_STYLE:
        _check_custom_id(button.get("custom_id"), errors, (*path, "custom_id"))
        if not button.get("label") and not button.get("emoji"):
            errors.add(path, "BUTTON_COMPONENT_INVALID", "A button needs a label or an emoji")


def check_select(select: Json, errors: FormErrorCollector, path: Path) -> None:
    """A select menu: custom_id, placeholder, option count and option texts, value counts."""
    _check_custom_id(select.get("custom_id"), errors, (*path, "custom_id"))
    errors.max_length((*path, "placeholder"), select.get("placeholder"), PLACEHOLDER_MAX)
    options = select.get("options") or []
    if select.get("type") == comp.STRING_SELECT:
        errors.between((*path, "options"), options, 1, OPTIONS_MAX)
        values = [option.get("value") for option in options]
        if len(set(values)) != len(values):
            errors.add(
                (*path, "options"),
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Option values must be unique",
            )
        for index, option in enumerate(options):
            for key in ("label", "value"):
                errors.between(
                    (*path, "options", index, key), option.get(key) or "", 1, OPTION_TEXT_MAX
                )
            errors.max_length(
                (*path, "options", index, "description"), option.get("description"), OPTION_TEXT_MAX
            )
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= OPTIONS_MAX or not 1 <= high <= OPTIONS_MAX or low > high:
        errors.add((*path, "max_values"), "BASE_TYPE_BAD_INT", "min_values/max_values out of range")
    elif options and high > len(options):
        errors.add(
            (*path, "max_values"), "BASE_TYPE_MAX", f"Must be less than or equal to {len(options)}."
        )


def _check_custom_id(custom_id: Any, errors: FormErrorCollector, path: Path) -> None:
    if not custom_id:
        errors.required(path)
    else:
        errors.max_length(path, str(custom_id), CUSTOM_ID_MAX)


def check_modal(data: Json, *, prefix: Path = ("data",)) -> None:
    """A modal: title, custom_id, 1–5 rows or labels, text input limits."""
    errors = FormErrorCollector()
    errors.between((*prefix, "title"), data.get("title") or "", 1, MODAL_TITLE_MAX)
    _check_custom_id(data.get("custom_id"), errors, (*prefix, "custom_id"))
    rows = data.get("components") or []
    errors.between((*prefix, "components"), rows, 1, MODAL_ROWS_MAX)
    for field in comp.modal_inputs(rows):
        here = (*prefix, "components", str(field.get("custom_id")))
        _check_custom_id(field.get("custom_id"), errors, (*here, "custom_id"))
        if field.get("type") == comp.TEXT_INPUT:
            errors.max_length((*here, "label"), field.get("label"), TEXT_INPUT_LABEL_MAX)
            errors.max_length((*here, "value"), field.get("value"), TEXT_INPUT_VALUE_MAX)
            errors.max_length((*here, "placeholder"), field.get("placeholder"), OPTION_TEXT_MAX)
        else:
            check_select(field, errors, here)
    errors.raise_if_any()


def check_choices(data: Json, *, prefix: Path = ("data",)) -> None:
    """Autocomplete choices: at most 25, names 1–100, string values up to 100."""
    errors = FormErrorCollector()
    choices = data.get("choices")
    if choices is None:
        errors.required((*prefix, "choices"))
    else:
        errors.max_length((*prefix, "choices"), choices, CHOICES_MAX)
        for index, choice in enumerate(choices):
            errors.between(
                (*prefix, "choices", index, "name"), choice.get("name") or "", 1, CHOICE_NAME_MAX
            )
            if isinstance(choice.get("value"), str):
                errors.max_length(
                    (*prefix, "choices", index, "value"), choice["value"], OPTION_TEXT_MAX
                )
    errors.raise_if_any()


def check_commands(commands: list[Json]) -> None:
    """A bulk command overwrite: names, descriptions, options, choices, order."""
    errors = FormErrorCollector()
    names = [(c.get("type", 1), c.get("name")) for c in commands]
    if len(set(names)) != len(names):
        errors.add(
            (), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"
        )
    for index, command in enumerate(commands):
        _check_command(command, errors, (index,), chat_input=command.get("type", 1) == 1)
    errors.raise_if_any()


def _check_command(
    command: Json, errors: FormErrorCollector, path: Path, *, chat_input: bool
) -> None:
    name = command.get("name") or ""
    if not COMMAND_NAME.match(name) or (chat_input and name != name.lower()):
        errors.add((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    if chat_input:
        errors.between((*path, "description"), command.get("description") or "", 1, 100)
    options = command.get("options") or []
    errors.max_length((*path, "options"), options, 25)
    optional_seen = False
    for index, option in enumerate(options):
        if option.get("type") in (1, 2):
            _check_command(option, errors, (*path, "options", index), chat_input=True)
            continue
        if option.get("required") and optional_seen:
            errors.add(
                (*path, "options", index, "required"),
                "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                "Required options must be placed before non-required options",
            )
        optional_seen = optional_seen or not option.get("required")
        _check_command(option, errors, (*path, "options", index), chat_input=True)
        choices = option.get("choices") or []
        errors.max_length((*path, "options", index, "choices"), choices, CHOICES_MAX)

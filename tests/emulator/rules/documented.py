"""Where Discord's API description and its documentation differ, the documentation wins.

This is the one place that says so. `CORRECTIONS` patch the description before any request
is checked against it, each with the documentation page it follows. `BEYOND_DESCRIPTION`
lists the rules the emulator enforces that the description does not state (stricter
limits from the documentation, and rules Discord is known to enforce), each with where it
is known from and the function that enforces it. `BEHAVIOURS` are what Discord does that
no description of requests can say, each with the test that checks the emulator does it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DOCS = "https://discord.com/developers/docs"
MESSAGE_DOC = f"{DOCS}/resources/message"
COMMAND_DOC = f"{DOCS}/interactions/application-commands"
COMPONENT_DOC = f"{DOCS}/components/reference"
INTERACTION_DOC = f"{DOCS}/interactions/receiving-and-responding"


@dataclass(frozen=True)
class Correction:
    """Set the value at `pointer` (a JSON pointer into the description) to `value`."""

    pointer: str
    value: Any
    why: str
    source: str


@dataclass(frozen=True)
class Rule:
    """A rule the emulator enforces although the description does not state it."""

    name: str
    source: str
    enforced_in: str


def _schema(name: str, *keys: str) -> str:
    return "/".join(("", "components", "schemas", name, *keys))


COMMAND_PERMISSIONS = {
    "type": ["string", "integer", "null"],
    "pattern": "^(0|[1-9][0-9]*)$",
    "minimum": 0,
}
SNOWFLAKE = {"type": ["string", "integer"], "pattern": "^(0|[1-9][0-9]*)$", "minimum": 0}
# Query string booleans: "We support any of True, true, or 1 as true values and False,
# false, or 0 as false values" (the description types them only as JSON booleans).
QUERY_BOOLEANS = {"True": True, "true": True, "1": True, "False": False, "false": False, "0": False}
QUERY_BOOLEANS_SOURCE = f"{DOCS}/reference#boolean-query-strings"

CORRECTIONS: tuple[Correction, ...] = (
    *(
        Correction(
            _schema(name, "properties", "content", "maxLength"),
            2000,
            "message content is up to 2000 characters (the description says 4000)",
            f"{MESSAGE_DOC}#create-message-jsonform-params",
        )
        for name in ("MessageCreateRequest", "MessageEditRequestPartial")
    ),
    *(
        Correction(
            _schema(name, "properties", "default_member_permissions"),
            COMMAND_PERMISSIONS,
            "default_member_permissions is a bit set as a string (?string); Discord also"
            " takes the integer, which discord.py sends",
            f"{COMMAND_DOC}#application-command-object-application-command-structure",
        )
        for name in (
            "ApplicationCommandCreateRequest",
            "ApplicationCommandUpdateRequest",
            "ApplicationCommandPatchRequestPartial",
        )
    ),
    Correction(
        _schema("SnowflakeType"),
        SNOWFLAKE,
        "ids may be sent as JSON integers (discord.py sends them so, and an upload's"
        " attachment is named by the index of its files[n] part, \"id\": 0); Discord"
        " stores ids as integers and returns them as strings",
        f"{DOCS}/reference#id-serialization",
    ),
)

BEYOND_DESCRIPTION: tuple[Rule, ...] = (
    Rule(
        "at most 5 action rows in a message without components v2",
        f"{COMPONENT_DOC}#action-row",
        "limits.check_components",
    ),
    Rule(
        "an action row holds 1-5 buttons or exactly one select",
        f"{COMPONENT_DOC}#action-row",
        "limits._check_row",
    ),
    Rule(
        "components v2 messages: at most 40 components and 4000 characters of text",
        f"{COMPONENT_DOC}#text-display",
        "limits.check_components",
    ),
    Rule(
        "components v2 messages carry no content or embeds",
        f"{COMPONENT_DOC}#component-reference",
        "limits.check_message",
    ),
    Rule(
        "custom_ids are unique within a message",
        f"{COMPONENT_DOC}#anatomy-of-a-component",
        "limits.check_components",
    ),
    Rule(
        "a link button has a url and no custom_id; other buttons a custom_id",
        f"{COMPONENT_DOC}#button",
        "limits.check_button",
    ),
    Rule("a button shows a label or an emoji", f"{COMPONENT_DOC}#button", "limits.check_button"),
    Rule(
        "string select option values are unique; max_values <= options",
        f"{COMPONENT_DOC}#string-select",
        "limits.check_select",
    ),
    Rule(
        "embeds total at most 6000 characters",
        f"{MESSAGE_DOC}#embed-object-embed-limits",
        "limits.check_embeds",
    ),
    Rule(
        "embed field name and value are required",
        f"{MESSAGE_DOC}#embed-object-embed-field-structure",
        "limits.check_embeds",
    ),
    Rule("a message is not empty (50006)", f"{MESSAGE_DOC}#create-message", "limits.check_message"),
    Rule(
        "chat command names are lower case",
        f"{COMMAND_DOC}#application-command-object-application-command-naming",
        "limits._check_command",
    ),
    Rule(
        "command names are unique per type in one overwrite",
        f"{COMMAND_DOC}#bulk-overwrite-global-application-commands",
        "limits.check_commands",
    ),
    Rule(
        "required options come before optional ones",
        f"{COMMAND_DOC}#application-command-object-application-command-option-structure",
        "limits._check_command",
    ),
    Rule(
        "a modal has 1-5 components (the description allows 40)",
        f"{INTERACTION_DOC}#interaction-response-object-modal",
        "limits.check_modal",
    ),
    Rule(
        "one callback per interaction (40060)",
        f"{INTERACTION_DOC}#responding-to-an-interaction",
        "interactions.apply_callback",
    ),
    Rule(
        "the callback comes within 3 seconds (10062)",
        f"{INTERACTION_DOC}#responding-to-an-interaction",
        "interactions.apply_callback",
    ),
    Rule(
        "the callback type fits the interaction",
        f"{INTERACTION_DOC}#interaction-response-object-interaction-callback-type",
        "interactions.apply_callback",
    ),
    Rule(
        "an interaction token works for 15 minutes, after the callback (50027)",
        f"{INTERACTION_DOC}#followup-messages",
        "interactions.send_followup",
    ),
    Rule(
        "an ephemeral message cannot be reached by channel message id (10008)",
        f"{INTERACTION_DOC}#followup-messages",
        "routes_channels._message",
    ),
    Rule(
        "the bot needs the channel permission for what it does (50013)",
        f"{DOCS}/topics/permissions",
        "routes_channels._check_can_post",
    ),
    Rule(
        "flag 64 (ephemeral) is ignored on channel messages",
        f"{MESSAGE_DOC}#create-message-jsonform-params",
        "routes_channels.create_channel_message",
    ),
    Rule(
        "a message thread can be started once per message (160004)",
        f"{DOCS}/topics/opcodes-and-status-codes#json",
        "routes_channels.start_thread",
    ),
    Rule(
        "a post repeating a nonce with enforce_nonce within minutes creates nothing",
        f"{MESSAGE_DOC}#create-message-jsonform-params",
        "nonces",
    ),
)


@dataclass(frozen=True)
class Behaviour:
    """Something Discord does that the description cannot say, checked by a test."""

    what: str
    source: str
    checked_by: str


GATEWAY_DOC = f"{DOCS}/events/gateway"

BEHAVIOURS: tuple[Behaviour, ...] = (
    Behaviour(
        "after a type 6 or 7 answer, @original is the message holding the component",
        f"{INTERACTION_DOC}#responding-to-an-interaction",
        "test_behaviour.test_original_after_an_update_answer_is_the_message_holding_the_component",
    ),
    Behaviour(
        "messages created through an interaction carry interaction_metadata",
        f"{MESSAGE_DOC}#message-interaction-metadata-object",
        "test_behaviour.test_messages_made_through_an_interaction_carry_its_metadata",
    ),
    Behaviour(
        "every heartbeat is acknowledged (op 11); a silent connection is closed (4009)",
        f"{GATEWAY_DOC}#sending-heartbeats",
        "test_gateway.test_heartbeat_is_acknowledged",
    ),
    Behaviour(
        "a rate-limited request is answered 429 with retry_after (seconds) and global",
        f"{DOCS}/topics/rate-limits#exceeding-a-rate-limit",
        "test_behaviour.test_a_rate_limited_request_is_answered_429_with_retry_after",
    ),
)


def apply(document: dict[str, Any]) -> None:
    """Patch `document` (the description) with every correction."""
    for correction in CORRECTIONS:
        *parents, last = correction.pointer.split("/")[1:]
        node = document
        for key in parents:
            node = node[key]
        if not isinstance(node, dict):
            raise KeyError(f"{correction.pointer}: the description has no such schema")
        node[last] = correction.value

"""The rewritten schemas accept and refuse exactly what the description's own do."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.emulator.rules.description import discord_api
from tests.emulator.rules.schema_inline import VALIDATOR, inline

BUTTON = {"type": 2, "style": 1, "label": "Join", "custom_id": "join"}
SELECT = {"type": 3, "custom_id": "pick", "options": [{"label": "JH", "value": "JH"}]}
BODIES: list[Any] = [
    {"content": "Table open", "components": [{"type": 1, "components": [BUTTON, BUTTON]}]},
    {"content": "x", "components": [{"type": 1, "components": [SELECT]}]},
    {"components": [{"type": 1, "components": [{**BUTTON, "label": "L" * 81}]}]},
    {"components": [{"type": 1, "components": [{"type": 99}]}]},
    {"components": [{"type": 1, "components": [{"style": 1, "label": "no type"}]}]},
    {"components": [{"type": 1, "components": [{**SELECT, "options": []}]}]},
    {"components": [{"type": 10, "content": "A text display"}], "flags": 32768},
    {"allowed_mentions": None, "message_reference": None, "content": "x"},
    {"allowed_mentions": {"users": ["1", "1"]}, "content": "x"},
    {"allowed_mentions": {"users": [None]}, "content": "x"},
    {"nonce": "n" * 26},
    {"nonce": None, "embeds": [{"title": "t" * 257}]},
    {"components": "not a list"},
    [],
]


def described(schema: dict[str, Any], schemas: dict[str, Any]) -> Draft202012Validator:
    """The schema as described: refs resolved, no union rewritten."""

    def resolve(node: Any) -> Any:
        if isinstance(node, list):
            return [resolve(item) for item in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            return resolve(schemas[node["$ref"].rsplit("/", 1)[1]])
        return {key: resolve(value) for key, value in node.items()}

    return Draft202012Validator(resolve(schema))


@pytest.mark.parametrize("body", BODIES)
def test_a_rewritten_message_schema_gives_the_described_verdict(body: Any) -> None:
    api = discord_api()
    operation = api.document["paths"]["/channels/{channel_id}/messages"]["post"]
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    fast = VALIDATOR(inline(schema, api.document["components"]["schemas"]))
    slow = described(schema, api.document["components"]["schemas"])
    assert fast.is_valid(body) == slow.is_valid(body)


def test_a_recursive_schema_is_refused_rather_than_inlined_forever() -> None:
    schemas = {
        "Node": {"type": "object", "properties": {"next": {"$ref": "#/components/schemas/Node"}}}
    }
    with pytest.raises(ValueError, match="recursive schema Node -> Node"):
        inline({"$ref": "#/components/schemas/Node"}, schemas)

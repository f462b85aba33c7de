"""Discord's published description of its HTTP API (OpenAPI 3.1), as the emulator reads it.

The file is `tests/emulator/data/discord-openapi.json.gz` (see the emulator's README.md for
its source and how to refresh it). `Description.operation(method, path)` finds the operation
a request path belongs to (literal segments such as `@original` win over parameters) and gives
its compiled validators, built once per operation and kept. Where the description and
Discord's documentation differ, `documented.apply` has patched the description first.
"""

from __future__ import annotations

import functools
import gzip
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from tests.emulator.rules import documented
from tests.emulator.rules.schema_inline import VALIDATOR, inline

Schema = dict[str, Any]
DESCRIPTION_FILE = Path(__file__).parents[1] / "data" / "discord-openapi.json.gz"
METHODS = ("get", "put", "post", "patch", "delete")


@dataclass
class Operation:
    """One route and method of the description, with validators for what a request sends."""

    method: str
    template: str
    path_params: dict[str, Draft202012Validator] = field(default_factory=dict)
    query_params: dict[str, Draft202012Validator] = field(default_factory=dict)
    required_query: frozenset[str] = frozenset()
    body: Draft202012Validator | None = None
    body_required: bool = False

    @property
    def route(self) -> str:
        """ "METHOD /template", the description's name for this operation."""
        return f"{self.method.upper()} {self.template}"


class Description:
    """The routes of the description, matched by path segment."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self._schemas: dict[str, Schema] = document["components"]["schemas"]
        self._paths = [(template.split("/")[1:], template) for template in document["paths"]]
        self._operations: dict[tuple[str, str], Operation | None] = {}

    def template_of(self, path: str) -> str | None:
        """The description's template for a concrete path (`/channels/1/messages`)."""
        segments = path.split("/")[1:]
        best: tuple[int, str] | None = None
        for parts, template in self._paths:
            if len(parts) != len(segments):
                continue
            literal = 0
            for part, segment in zip(parts, segments, strict=True):
                if part.startswith("{") and part.endswith("}"):
                    continue
                if part != segment:
                    break
                literal += 1
            else:
                if best is None or literal > best[0]:
                    best = (literal, template)
        return None if best is None else best[1]

    def operation(self, method: str, template: str) -> Operation | None:
        """The operation for a method and template, compiled on first use; None if absent."""
        key = (method.lower(), template)
        if key not in self._operations:
            self._operations[key] = self._compile(*key)
        return self._operations[key]

    def _compile(self, method: str, template: str) -> Operation | None:
        item = self.document["paths"].get(template) or {}
        spec = item.get(method)
        if spec is None:
            return None
        operation = Operation(method, template)
        for param in [*item.get("parameters", ()), *spec.get("parameters", ())]:
            validator = self._validator(param.get("schema") or {})
            if param["in"] == "path":
                operation.path_params[param["name"]] = validator
            elif param["in"] == "query":
                operation.query_params[param["name"]] = validator
                if param.get("required"):
                    operation.required_query |= {param["name"]}
        body = spec.get("requestBody")
        if body is not None:
            schema = (body.get("content") or {}).get("application/json", {}).get("schema")
            operation.body = None if schema is None else self._validator(schema)
            operation.body_required = bool(body.get("required"))
        return operation

    def _validator(self, schema: Schema) -> Draft202012Validator:
        validator: Draft202012Validator = VALIDATOR(inline(schema, self._schemas))
        return validator


@functools.cache
def discord_api() -> Description:
    """The vendored description with the documentation's corrections, read once a process."""
    with gzip.open(DESCRIPTION_FILE, "rt", encoding="utf-8") as file:
        document = json.load(file)
    documented.apply(document)
    return Description(document)

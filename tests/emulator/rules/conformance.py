"""Every request the emulator serves, checked against Discord's API description.

`check_request` finds the request's operation in the description and checks its path
parameters, query parameters and JSON body (the `payload_json` part of an upload). A
request that does not conform is answered as Discord answers it, 400 / 50035 with the
nested `errors` tree, and recorded as a `nonconforming` violation whose detail names the
route, the JSON pointer and the value. A query parameter or a body the route does not take
is served, as Discord ignores it, and recorded as an `undescribed_input` violation. `TALLY`
counts the requests checked in this process.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from jsonschema import Draft202012Validator, ValidationError

from tests.emulator.errors import APIError, FormErrorCollector, not_found
from tests.emulator.rest.bodies import form_parts, media_type, param
from tests.emulator.rest.context import API_PREFIX, emulator_of
from tests.emulator.rules.description import Operation, discord_api
from tests.emulator.rules.documented import QUERY_BOOLEANS

DISCORD_CODES = {
    "maxLength": ("BASE_TYPE_MAX_LENGTH", "Must be {} or fewer in length."),
    "maxItems": ("BASE_TYPE_MAX_LENGTH", "Must be {} or fewer in length."),
    "minLength": ("BASE_TYPE_MIN_LENGTH", "Must be {} or more in length."),
    "minItems": ("BASE_TYPE_MIN_LENGTH", "Must be {} or more in length."),
    "uniqueItems": ("SET_TYPE_ALREADY_CONTAINS_VALUE", "The set already contains this value."),
    "required": ("BASE_TYPE_REQUIRED", "This field is required"),
    "maximum": ("NUMBER_TYPE_MAX", "int value should be <= {}."),
    "minimum": ("NUMBER_TYPE_MIN", "int value should be >= {}."),
    "enum": ("BASE_TYPE_CHOICES", "Value must be one of {}."),
    "const": ("BASE_TYPE_CHOICES", "Value must be one of ({},)."),
    "pattern": ("STRING_TYPE_REGEX", "String value did not match validation regex."),
    "type": ("BASE_TYPE_BAD_TYPE", "Value must be of type {}."),
}
SHOWN_MAX = 60  # characters of an offending value shown in a test's report
# What Discord ignores rather than refuses: the request is served, and recorded.
IGNORED_BY_DISCORD = frozenset({"UNKNOWN_PARAMETER", "UNKNOWN_BODY"})
WEAK = frozenset({"type", "enum", "const"})  # how a union's other branches fail


@dataclass
class Tally:
    """How many requests this process checked, how many did not conform, and the seconds
    the checks took."""

    checked: int = 0
    nonconforming: int = 0
    seconds: float = 0.0


TALLY = Tally()


@dataclass(frozen=True)
class Nonconformity:
    """One way a request differs from the description."""

    part: str  # "path", "query" or "body"
    path: tuple[str | int, ...]
    value: Any
    code: str
    message: str

    @property
    def pointer(self) -> str:
        """The JSON pointer of the offending value within its part."""
        return "".join(f"/{str(key).replace('~', '~0').replace('/', '~1')}" for key in self.path)

    def __str__(self) -> str:
        shown = repr(self.value)
        if len(shown) > SHOWN_MAX:
            size = f" ({len(self.value)} characters)" if isinstance(self.value, str) else ""
            shown = f"{shown[:SHOWN_MAX]}…{size}"
        return f"{self.part} {self.pointer or '/'} = {shown}: {self.code} {self.message}"


async def check_request(request: web.Request) -> None:
    """Raise Discord's answer (404, or 400 / 50035) unless the request conforms."""
    started = time.perf_counter()
    try:
        await _check(request)
    finally:
        TALLY.seconds += time.perf_counter() - started


async def _check(request: web.Request) -> None:
    TALLY.checked += 1
    path = request.path.removeprefix(API_PREFIX)
    api = discord_api()
    template = api.template_of(path)
    operation = None if template is None else api.operation(request.method, template)
    if operation is None:
        TALLY.nonconforming += 1
        error = not_found()
        error.detail = f"{request.method} {path} is not a route of Discord's API description"
        raise error
    found = list(_path_errors(operation, path))
    found += _query_errors(operation, request.query)
    found += _body_errors(operation, await _body(request))
    ignored = [problem for problem in found if problem.code in IGNORED_BY_DISCORD]
    if ignored:
        listed = "; ".join(str(problem) for problem in ignored)
        emulator_of(request).note_violation("undescribed_input", request,
                                            f"{operation.route}: {listed}")
        found = [problem for problem in found if problem not in ignored]
    if found:
        TALLY.nonconforming += 1
        raise _refusal(operation, found)


def _refusal(operation: Operation, found: list[Nonconformity]) -> APIError:
    errors = FormErrorCollector()
    for problem in found:
        errors.add(problem.path, problem.code, problem.message)
    listed = "; ".join(str(problem) for problem in found)
    error = APIError(400, 50035, "Invalid Form Body", errors=errors.tree, violation="nonconforming")
    error.detail = f"{operation.route}: {listed}"
    return error


def _path_errors(operation: Operation, path: str) -> Iterator[Nonconformity]:
    names = operation.template.split("/")[1:]
    for name, segment in zip(names, path.split("/")[1:], strict=True):
        validator = operation.path_params.get(name.strip("{}"))
        if validator is not None and name.startswith("{"):
            yield from _problems("path", validator, segment, prefix=(name.strip("{}"),))


def _query_errors(operation: Operation, query: Mapping[str, str]) -> Iterator[Nonconformity]:
    for name in operation.required_query - set(query):
        code, message = DISCORD_CODES["required"]
        yield Nonconformity("query", (name,), None, code, message)
    for name, raw in query.items():
        validator = operation.query_params.get(name)
        if validator is None:
            yield Nonconformity(
                "query",
                (name,),
                raw,
                "UNKNOWN_PARAMETER",
                "The route takes no such query parameter.",
            )
            continue
        yield from _problems("query", validator, _coerce(raw, validator.schema), prefix=(name,))


def _body_errors(operation: Operation, body: Any) -> Iterator[Nonconformity]:
    if body is None:
        if operation.body_required:
            code, message = DISCORD_CODES["required"]
            yield Nonconformity("body", (), None, code, message)
        return
    if operation.body is None:
        yield Nonconformity("body", (), body, "UNKNOWN_BODY", "The route takes no body.")
        return
    yield from _problems("body", operation.body, body)


def _problems(
    part: str, validator: Draft202012Validator, value: Any, prefix: tuple[str | int, ...] = ()
) -> Iterator[Nonconformity]:
    for error in validator.iter_errors(value):
        for leaf in _leaves(error):
            yield _nonconformity(part, leaf, prefix)


def _leaves(error: ValidationError) -> list[ValidationError]:
    """The innermost errors of an error; for a union (anyOf, oneOf), those of the branch the
    value came closest to: fewest errors, then fewest type mismatches, then deepest."""
    if not error.context:
        return [error]
    branches: dict[Any, list[ValidationError]] = {}
    for inner in error.context:
        branches.setdefault(inner.relative_schema_path[0], []).extend(_leaves(inner))

    def distance(leaves: list[ValidationError]) -> tuple[int, int, int]:
        weak = sum(leaf.validator in WEAK for leaf in leaves)
        return len(leaves), weak, -max(len(leaf.absolute_path) for leaf in leaves)

    return min(branches.values(), key=distance)


def _nonconformity(
    part: str, error: ValidationError, prefix: tuple[str | int, ...]
) -> Nonconformity:
    path: tuple[str | int, ...] = (*prefix, *error.absolute_path)
    value: Any = error.instance
    if error.validator == "required" and isinstance(error.instance, dict):
        missing = [k for k in error.validator_value if k not in error.instance]
        path, value = (*path, *missing[:1]), None
    if error.validator == "uniqueItems" and isinstance(error.instance, list):
        again = next((i for i, item in enumerate(value) if item in value[:i]), None)
        if again is not None:  # point at the repeated item
            path, value = (*path, again), value[again]
    code, template = DISCORD_CODES.get(str(error.validator), ("BASE_TYPE_INVALID", "{}"))
    shown = error.message if template == "{}" else template.format(error.validator_value)
    return Nonconformity(part, path, value, code, shown)


def _coerce(raw: str, schema: Any) -> Any:
    """A query string value as the type its schema expects (`true`, `1`, `50`)."""
    kinds = schema.get("type") if isinstance(schema, dict) else None
    kinds = kinds if isinstance(kinds, list) else [kinds]
    if "boolean" in kinds and raw in QUERY_BOOLEANS:
        return QUERY_BOOLEANS[raw]
    if ("integer" in kinds or "number" in kinds) and raw.lstrip("-").isdigit():
        return int(raw)
    return raw


async def _body(request: web.Request) -> Any:
    """The JSON a request sends (the `payload_json` of an upload); None without a body."""
    if not request.body_exists:
        return None
    raw = await request.read()
    content_type = request.headers.get("Content-Type", "")
    if media_type(content_type) == "multipart/form-data":
        boundary = (param(content_type, "boundary") or "").encode()
        for headers, data in form_parts(raw, boundary) if boundary else ():
            if param(headers.get("content-disposition", ""), "name") == "payload_json":
                raw = data
                break
        else:
            return None
    if not raw:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return None  # the route's own reading answers 50109

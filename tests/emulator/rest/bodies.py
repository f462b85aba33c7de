"""Reading request bodies (JSON or multipart with `payload_json` and `files[n]`) and
writing responses with Discord's exact `Content-Type: application/json`."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from aiohttp import web

from tests.emulator.errors import APIError
from tests.emulator.rest.messages import Upload

Json = dict[str, Any]


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON answer whose Content-Type is exactly `application/json`, as discord.py expects."""
    return web.Response(
        body=json.dumps(data, separators=(",", ":")).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def no_content() -> web.Response:
    """204 No Content."""
    return web.Response(status=204)


def _invalid_json() -> APIError:
    return APIError(400, 50109, "The request body contains invalid JSON.", violation="invalid_json")


async def read_json(request: web.Request) -> Any:
    """The JSON body (any shape); {} for an empty body."""
    text = await request.text()
    if not text:
        return {}
    try:
        return json.loads(text)
    except ValueError:
        raise _invalid_json() from None


async def read_object(request: web.Request) -> Json:
    """A JSON object body."""
    data = await read_json(request)
    if not isinstance(data, dict):
        raise _invalid_json()
    return data


async def read_message_body(request: web.Request) -> tuple[Json, list[Upload]]:
    """A message body and its uploaded files, from JSON or multipart/form-data."""
    content_type = request.headers.get("Content-Type", "")
    if media_type(content_type) != "multipart/form-data":
        return await read_object(request), []
    boundary = param(content_type, "boundary")
    if not boundary:
        raise APIError(400, 50035, "Invalid Form Body", violation="multipart_without_boundary")
    payload: Json = {}
    uploads: list[Upload] = []
    for headers, data in form_parts(await request.read(), boundary.encode()):
        disposition = headers.get("content-disposition", "")
        name = param(disposition, "name") or ""
        if name == "payload_json":
            try:
                payload = json.loads(data)
            except ValueError:
                raise _invalid_json() from None
        elif name.startswith("files[") and name.endswith("]"):
            filename = param(disposition, "filename") or "file"
            uploads.append(Upload(int(name[6:-1]), filename, data, headers.get("content-type")))
    return payload, uploads


def form_parts(body: bytes, boundary: bytes) -> Iterator[tuple[dict[str, str], bytes]]:
    """The parts of a multipart/form-data body: each one's headers (names in lower case)
    and its bytes. Read whole at once: at load, aiohttp's streaming part reader cost the
    emulator more than all else it does for an upload."""
    for chunk in body.split(b"--" + boundary)[1:]:
        if chunk.startswith(b"--"):
            return  # the closing delimiter
        head, _, data = chunk.removeprefix(b"\r\n").partition(b"\r\n\r\n")
        headers = {}
        for line in head.decode("utf-8", "replace").split("\r\n"):
            key, _, value = line.partition(":")
            headers[key.strip().lower()] = value.strip()
        yield headers, data.removesuffix(b"\r\n")


def media_type(content_type: str) -> str:
    """The media type of a Content-Type header, in lower case. Read here, not through
    ``request.content_type``: aiohttp parses the header with the standard library's email
    parser and caches only a few values, so every upload (a boundary of its own) missed
    the cache, a sixth of the harness's time at 500 tables."""
    return content_type.partition(";")[0].strip().lower()


def param(header: str, name: str) -> str | None:
    """A parameter (``name="value"`` or ``name=value``) of a header, e.g. a part's
    ``filename``."""
    found = re.search(rf';\s*{name}="([^"]*)"|;\s*{name}=([^;\s]+)', header)
    return None if found is None else (found.group(1) if found.group(1) is not None
                                       else found.group(2))

"""Reading request bodies (JSON or multipart with `payload_json` and `files[n]`) and
writing responses with Discord's exact `Content-Type: application/json`."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import BodyPartReader, web

from tests.emulator.errors import APIError
from tests.emulator.messages import Upload

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
    if request.content_type != "multipart/form-data":
        return await read_object(request), []
    payload: Json = {}
    uploads: list[Upload] = []
    reader = await request.multipart()
    async for part in reader:
        if not isinstance(part, BodyPartReader):
            continue
        name = part.name or ""
        if name == "payload_json":
            try:
                payload = json.loads(await part.text())
            except ValueError:
                raise _invalid_json() from None
        elif name.startswith("files[") and name.endswith("]"):
            data = await part.read(decode=False)
            uploads.append(
                Upload(
                    int(name[6:-1]),
                    part.filename or "file",
                    bytes(data),
                    part.headers.get("Content-Type"),
                )
            )
    return payload, uploads

"""The emulator reads a multipart message body as Discord does: the JSON payload and each
uploaded file, byte for byte, whatever the file holds."""

from __future__ import annotations

import aiohttp

from tests.emulator.rest.bodies import form_parts

PNG = b"\x89PNG\r\n\x1a\n\r\n\r\n--not-the-boundary\r\n" + bytes(range(256))


async def encoded(form: aiohttp.FormData) -> tuple[bytes, bytes]:
    """The body aiohttp sends for ``form`` (as discord.py's requests do), and its boundary."""
    writer = form()
    chunks: list[bytes] = []

    class Sink:
        async def write(self, data: bytes) -> None:
            chunks.append(bytes(data))

    await writer.write(Sink())  # type: ignore[arg-type]
    return b"".join(chunks), writer.boundary.encode()


async def test_the_payload_and_a_file_come_out_as_they_went_in() -> None:
    form = aiohttp.FormData()
    form.add_field("payload_json", '{"content": "hi"}', content_type="application/json")
    form.add_field("files[0]", PNG, filename="hand.png", content_type="image/png")
    body, boundary = await encoded(form)

    parts = list(form_parts(body, boundary))

    assert [data for _, data in parts] == [b'{"content": "hi"}', PNG]
    headers = parts[1][0]
    assert 'name="files[0]"' in headers["content-disposition"]
    assert 'filename="hand.png"' in headers["content-disposition"]
    assert headers["content-type"] == "image/png"

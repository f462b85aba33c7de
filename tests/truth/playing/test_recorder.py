"""The recorder keeps every version of the bot's messages, public and private, with the
controls each version offered; other authors' messages are not Bower's statements."""

from __future__ import annotations

from pathlib import Path

from tests.emulator.rest.messages import Upload, create_message, edit_message
from tests.emulator.world.spec import GuildSpec
from tests.emulator.world.state import World
from tests.truth.playing.recorder import Recorder, Shown
from tests.truth.playing.saved import load, save, timer_scale

BUTTON = {"type": 2, "style": 1, "label": "Play 9♥", "custom_id": "bower:act:1:3:play:9H"}
OFF = {"type": 2, "style": 1, "label": "Hint", "custom_id": "bower:hint:1:3", "disabled": True}


async def test_each_version_of_a_bot_message_is_kept_with_its_enabled_controls() -> None:
    world = World([GuildSpec.default()])
    recorder = Recorder()
    recorder.install(world)
    channel = next(c for c in world.channels.values() if c.name == "euchre")
    alice = world.user("alice")
    body = {"content": "Hand 1", "components": [{"type": 1, "components": [BUTTON, OFF]}]}
    private = create_message(world, channel, body, [], author=world.bot, ephemeral_for=alice.id)
    edit_message(world, private, {"content": "Hand 2", "components": []}, [])
    create_message(world, channel, {"content": "Score: 1"}, [], author=world.bot)
    create_message(world, channel, {"content": "hello"}, [], author=alice)
    world.delete_message(private)

    shown = recorder.shown
    assert [(s.text, s.version, s.private_for, s.deleted) for s in shown] == [
        ("Hand 1", 0, alice.id, False), ("Hand 2", 1, alice.id, False),
        ("Score: 1", 0, None, False), ("", 2, alice.id, True)]
    assert shown[0].controls == (("bower:act:1:3:play:9H", "Play 9♥"),)
    assert shown[1].controls == ()


def test_each_pictures_alt_text_is_kept() -> None:
    world = World([GuildSpec.default()])
    recorder = Recorder()
    recorder.install(world)
    channel = next(c for c in world.channels.values() if c.name == "euchre")
    body = {"content": "Board", "attachments": [
        {"id": 0, "filename": "leaderboard.png", "description": "Euchre leaderboard, Season 1"}]}
    create_message(world, channel, body, [Upload(0, "leaderboard.png", b"png")],
                   author=world.bot)
    create_message(world, channel, {"content": "No picture"}, [], author=world.bot)
    assert [s.alts for s in recorder.shown] == [("Euchre leaderboard, Season 1",), ()]


def test_a_kept_recording_reads_back_as_it_was(tmp_path: Path) -> None:
    version = Shown(1, 2, 3, 0, 4.5, "Score: 1", "Euchre · table #1",
                    (("bower:act:1:3:play:9H", "Play 9♥"),), alts=("Euchre table #1",))
    save(tmp_path, [version], {3: "alice"}, {"TURN_TIMER_SCALE": "0.05"})
    shown, users, database, env = load(tmp_path)
    assert shown == [version] and users == {3: "alice"}
    assert database == tmp_path / "bot" / "data" / "bower.sqlite3"
    assert timer_scale(env) == 0.05


def test_a_recording_kept_before_alt_texts_were_still_loads(tmp_path: Path) -> None:
    save(tmp_path, [Shown(1, 2, None, 0, 4.5, "Score: 1", "")], {}, {})
    older = (tmp_path / "shown.jsonl").read_text().replace(', "alts": []', "")
    assert "alts" not in older
    (tmp_path / "shown.jsonl").write_text(older)
    assert load(tmp_path)[0][0].alts == ()


def test_a_recording_without_the_bots_settings_has_no_timer_scale(tmp_path: Path) -> None:
    save(tmp_path, [], {}, {})
    assert timer_scale(load(tmp_path)[3]) == 1.0  # the bot's default
    (tmp_path / "env.json").unlink()  # kept before the settings were
    assert timer_scale(load(tmp_path)[3]) is None

"""The moderation log: entries in order, pages, filters, and each action's entry written
with the action itself."""

from __future__ import annotations

from bot.store import Database
from bot.store.moderation.modlog import ModLogFilter, ModLogRepository, NewModAction
from bot.store.settings import SettingsRepository
from tests.tables.helpers import GUILD

MOD, OTHER_MOD = 91, 92


async def test_entries_are_listed_newest_first_in_pages_and_filtered(db: Database) -> None:
    log = ModLogRepository(db)
    for i in range(12):
        await log.record(
            NewModAction(GUILD, "table_end", MOD if i % 2 else OTHER_MOD, table_id=100 + i)
        )
    await log.record(NewModAction(GUILD + 1, "table_end", MOD, table_id=999))

    first = await log.page(GUILD, limit=5)
    assert [a.table_id for a in first] == [111, 110, 109, 108, 107]
    last = await log.page(GUILD, offset=10, limit=5)
    assert [a.table_id for a in last] == [101, 100]
    assert await log.count(GUILD) == 12
    mine = ModLogFilter(moderator_id=MOD)
    assert await log.count(GUILD, mine) == 6
    assert all(a.moderator_id == MOD for a in await log.page(GUILD, mine))
    assert await log.count(GUILD, ModLogFilter(kind="season_start")) == 0
    assert [a.table_id for a in await log.after(GUILD, first[1].id)] == [111]
    assert await log.newest_id() == 13


async def test_a_settings_change_and_reset_are_logged_with_old_and_new(db: Database) -> None:
    settings = SettingsRepository(db)
    await settings.set(GUILD, "turn_timer", 60, changed_by=MOD)
    await settings.set(GUILD, "turn_timer", 30, changed_by=MOD)
    await settings.reset(GUILD, "turn_timer", changed_by=OTHER_MOD)
    await settings.reset(GUILD, "turn_timer", changed_by=OTHER_MOD)  # already default
    logged = await ModLogRepository(db).page(GUILD, ModLogFilter(kind="setting"))
    assert [(a.moderator_id, a.detail) for a in logged] == [
        (OTHER_MOD, {"key": "turn_timer", "old": 30, "new": None}),
        (MOD, {"key": "turn_timer", "old": 60, "new": 30}),
        (MOD, {"key": "turn_timer", "old": None, "new": 60}),
    ]
    assert [c.new for c in await settings.history(GUILD)] == [None, 30, 60]

"""Building the `data` of a slash-command (or autocomplete) interaction from a command
path like "table create" and keyword options, checked against what the bot registered —
as the Discord client does before it lets a user send a command."""

from __future__ import annotations

from typing import Any

from tests.emulator.errors import ClientRefusal
from tests.emulator.world import permissions as perm
from tests.emulator.world.guild import Guild
from tests.emulator.world.model import Channel, Member, Role, User
from tests.emulator.world.state import World

Json = dict[str, Any]
SUB_COMMAND, SUB_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


def command_data(
    world: World,
    guild: Guild,
    member: Member,
    channel: Channel,
    path: str,
    options: dict[str, Any],
    *,
    focused: str | None = None,
) -> Json:
    """The interaction `data` for `/path` with `options` (one of them focused, if given)."""
    names = path.strip().lstrip("/").split()
    command = _find_command(world, guild, names[0])
    _check_allowed(guild, member, channel, command)
    level = command.get("options") or []
    chain: list[Json] = []
    for name in names[1:]:
        sub = next(
            (o for o in level if o["name"] == name and o["type"] in (SUB_COMMAND, SUB_GROUP)), None
        )
        if sub is None:
            known = [o["name"] for o in level if o["type"] in (SUB_COMMAND, SUB_GROUP)]
            raise ClientRefusal(f"/{' '.join(names)}: no subcommand {name!r} (has {known})")
        chain.append(sub)
        level = sub.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_GROUP) for o in level):
        raise ClientRefusal(f"/{' '.join(names)} needs a subcommand")
    resolved: Json = {}
    values = _leaf_options(world, guild, member, channel, level, options, resolved, focused, path)
    for sub in reversed(chain):
        values = [{"type": sub["type"], "name": sub["name"], "options": values}]
    data: Json = {"id": command["id"], "name": command["name"], "type": 1, "options": values}
    if resolved:
        data["resolved"] = resolved
    if "guild_id" in command:
        data["guild_id"] = command["guild_id"]
    return data


def _find_command(world: World, guild: Guild, name: str) -> Json:
    for command in world.commands.visible_in(guild.id):
        if command["type"] == 1 and command["name"] == name:
            return command
    known = sorted(c["name"] for c in world.commands.visible_in(guild.id))
    raise ClientRefusal(f"/{name} is not registered; registered commands: {known}")


def _check_allowed(guild: Guild, member: Member, channel: Channel, command: Json) -> None:
    needed = command.get("default_member_permissions")
    have = guild.permissions_in(member, channel)
    if not perm.has(have, perm.VIEW_CHANNEL | perm.USE_APPLICATION_COMMANDS):
        raise ClientRefusal(f"{member.user} cannot use commands in #{channel.name}")
    if needed is not None and not perm.has(have, int(needed)):
        raise ClientRefusal(
            f"/{command['name']} is hidden from {member.user}: it needs permissions {needed}"
        )


def _leaf_options(
    world: World,
    guild: Guild,
    member: Member,
    channel: Channel,
    declared: list[Json],
    given: dict[str, Any],
    resolved: Json,
    focused: str | None,
    path: str,
) -> list[Json]:
    by_name = {o["name"]: o for o in declared}
    unknown = set(given) - set(by_name)
    if unknown:
        raise ClientRefusal(f"/{path} has no option(s) {sorted(unknown)}; it has {list(by_name)}")
    result = []
    for option in declared:
        name = option["name"]
        if name == focused:
            result.append(
                {
                    "type": option["type"],
                    "name": name,
                    "value": str(given.get(name, "")),
                    "focused": True,
                }
            )
            continue
        if name not in given:
            if option.get("required") and focused is None:
                raise ClientRefusal(f"/{path} needs option {name!r}")
            continue
        value = _value(world, guild, option, given[name], resolved, path)
        if option["type"] == CHANNEL:
            picked = guild.channels[int(value)]
            resolved["channels"][value]["permissions"] = str(guild.permissions_in(member, picked))
        result.append({"type": option["type"], "name": name, "value": value})
    return result


def _value(world: World, guild: Guild, option: Json, raw: Any, resolved: Json, path: str) -> Any:
    kind, name = option["type"], option["name"]
    where = f"/{path} {name}"
    if kind == STRING:
        if not isinstance(raw, str):
            raise ClientRefusal(f"{where} takes text, got {raw!r}")
        low, high = option.get("min_length", 0), option.get("max_length", 6000)
        if not low <= len(raw) <= high:
            raise ClientRefusal(f"{where} must be {low}–{high} characters")
    elif kind in (INTEGER, NUMBER):
        if (
            isinstance(raw, bool)
            or not isinstance(raw, int | float)
            or (kind == INTEGER and not isinstance(raw, int))
        ):
            raise ClientRefusal(f"{where} takes a number, got {raw!r}")
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and raw < low) or (high is not None and raw > high):
            raise ClientRefusal(f"{where} must be between {low} and {high}")
    elif kind == BOOLEAN:
        if not isinstance(raw, bool):
            raise ClientRefusal(f"{where} takes True or False, got {raw!r}")
    else:
        return _resolve(world, guild, kind, raw, resolved, where)
    choices = option.get("choices")
    if choices and raw not in [c["value"] for c in choices]:
        raise ClientRefusal(f"{where} must be one of {[c['value'] for c in choices]}")
    return raw


def _resolve(world: World, guild: Guild, kind: int, raw: Any, resolved: Json, where: str) -> str:
    """A user / channel / role option: its id, with the object added to `resolved`."""
    target = getattr(raw, "user", raw)
    if kind in (USER, MENTIONABLE) and isinstance(target, User | str | int):
        user = _lookup_user(world, target)
        if user is not None and user.id in guild.members:
            member = guild.members[user.id]
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            resolved.setdefault("members", {})[str(user.id)] = member.payload(
                with_user=False, permissions=guild.base_permissions(member)
            )
            return str(user.id)
    if kind in (ROLE, MENTIONABLE):
        role = next((r for r in guild.roles.values() if raw in (r, r.id, r.name)), None)
        if isinstance(role, Role):
            resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            return str(role.id)
    if kind == CHANNEL:
        key = getattr(raw, "id", raw)
        channel = next((c for c in guild.channels.values() if key in (c.id, c.name)), None)
        if channel is not None:
            resolved.setdefault("channels", {})[str(channel.id)] = channel.payload()
            return str(channel.id)
    raise ClientRefusal(f"{where}: cannot pick {raw!r} here")


def _lookup_user(world: World, target: Any) -> User | None:
    if isinstance(target, User):
        return target
    for user in world.users.values():
        if target in (user.id, user.username):
            return user
    return None

"""`/help`: a private overview of what Bower can do."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

#: The games Bower deals, as shown to players.
GAMES: tuple[str, ...] = (
    "Euchre",
    "Over the Rhine",
    "Cincinnati",
    "Over the Top",
    "Flip Euchre",
    "Railroad Euchre",
)

#: Each command with a one-line explanation, in the order `/help` lists them.
COMMANDS: tuple[tuple[str, str], ...] = (
    (
        "/table create",
        "Open a table in this channel: choose the game and the points to "
        "play to, then players join with the buttons (the host may remove anyone seated before "
        "the start) and empty seats go to computer players.",
    ),
    (
        "/play",
        "Wait for a game without opening a table: as soon as enough members want the same "
        "game, Bower seats you together and pings you; after your wait, computer players "
        "fill the empty seats (unless you say no). /play again shows who waits, and Leave "
        "queue takes you out.",
    ),
    (
        "/tournament",
        "Euchre nights: `create` opens a sign-up (Register / Withdraw / Start) for rounds of "
        "many tables at once, progressive or Swiss; each round's message shows who sits where "
        "(My table tells you); `standings` and `results` show the standings with their "
        "picture. Moderators or the tournament role create, pause, resume, drop and end.",
    ),
    (
        "/table leave",
        "Give up your seat. In a lobby it is free again at once. In a game you're asked "
        "first: a computer player takes your seat, and the game counts as a loss for you "
        "when it ends (unless this server has turned that off).",
    ),
    ("/hand", "Show your cards privately; only you can see the answer."),
    ("/rules", "Read the rules of any game Bower deals."),
    (
        "/leaderboard show",
        "The best players of a game: this season, a past season or all time (Flip and "
        "Railroad Euchre also per number of players).",
    ),
    ("/leaderboard seasons", "This server's seasons and the winner of each game."),
    ("/stats", "Your games, wins and rating (or another player's)."),
    ("/history", "Your recent games with their scores (or another player's)."),
    (
        "/review",
        "Step through a finished game hand by hand and trick by trick, with every card shown "
        "and the computer's opinion of your decisions.",
    ),
    (
        "/privacy show",
        "What Bower keeps about you in this server, who sees it, and for how long.",
    ),
    (
        "/privacy delete",
        "Erase your ratings and stats in this server (asks first); your past games then "
        "show you as “former member”. Moderators can erase another member's.",
    ),
    ("/config", "Server settings, such as the channels tables may use (Manage Server)."),
    (
        "/season start",
        "End the current season, keeping its standings, and start a new one with fresh "
        "ratings (Manage Server).",
    ),
    ("/leaderboard export", "A leaderboard's standings as a CSV file (Manage Server)."),
    (
        "/modlog",
        "Every moderator action in this server, newest first: settings, tables ended or "
        "seats replaced, seasons, rating resets, erased data (Manage Server).",
    ),
    (
        "/rating reset",
        "Clear a member's rating in one game, this season's and all-time; past seasons "
        "stay (Manage Server).",
    ),
    ("/help", "This overview."),
)

HELP_TITLE = "Bower — Euchre-family card games"
HELP_COLOUR = discord.Colour.dark_green()


def build_help_embed() -> discord.Embed:
    """The `/help` answer: the games Bower deals and one line per command."""
    embed = discord.Embed(
        title=HELP_TITLE,
        colour=HELP_COLOUR,
        description="Play trick-taking card games with friends and computer players, "
        "right in this server.\n**Games:** " + ", ".join(GAMES),
    )
    for name, explanation in COMMANDS:
        embed.add_field(name=name, value=explanation, inline=False)
    embed.set_footer(
        text="Buttons on the table message let anyone join before the start, and players "
        "open their hand with My hand. Everyone in the channel can follow a game on the table "
        "message itself."
    )
    return embed


class Help(commands.Cog):
    """The `/help` command."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to play card games with Bower")
    async def help(self, interaction: discord.Interaction) -> None:
        """Answer privately with the overview embed."""
        await interaction.response.send_message(embed=build_help_embed(), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point used by `load_extension`."""
    await bot.add_cog(Help(bot))

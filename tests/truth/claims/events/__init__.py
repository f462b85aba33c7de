"""Claims of the messages around the games: a tournament's sign-up, start, rounds and
standings headings, a round table's own lines, the ``/play`` queue's answers and a
game's greeting, each checked against the stored tournaments, queue and tables at the
moment the message was shown."""

"""The table picture: where seats, plates, the header and the middle of the table go,
and the picture drawn from them."""

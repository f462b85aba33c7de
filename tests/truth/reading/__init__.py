"""Reading what Bower showed: its lines into claims, its cards, the seats its names mean."""

"""Discord extensions: thin slash-command and component layers over the table service."""

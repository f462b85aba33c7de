"""The REST API: route handlers, request bodies, and the messages and interactions made."""

"""``companion serve``: the companion as a local web page for a phone at the table."""

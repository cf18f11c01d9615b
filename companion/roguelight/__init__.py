"""Roguelight (ローグライト): maps, finished sheets, scoring, interception, build checks."""

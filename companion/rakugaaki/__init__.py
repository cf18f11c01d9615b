"""Rakugaaki (ラクガーキ): boards, states, islands, challenges and guards."""

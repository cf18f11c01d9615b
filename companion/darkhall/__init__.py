"""Dark Hall (暗黒の大広間): board, state, monster, token moves and the deck."""

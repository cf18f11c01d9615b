"""JongRogue tables (CC BY-SA 4.0, derived from 某犬犬『雀ローグ』)."""

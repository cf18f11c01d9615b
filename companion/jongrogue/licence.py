"""The licence notice and credit every JongRogue print carries (CC BY-SA 4.0)."""

CREDIT = {
    "ja": ("原作：某犬犬『雀ローグ』（雀9システム制作委員会）CC BY-SA 4.0 "
           "https://creativecommons.org/licenses/by-sa/4.0/ — この印刷物は原作を元に "
           "pnp-companion が作った二次的著作物で、同じ CC BY-SA 4.0 で提供します。"
           "牌の意味表の一部は本プロジェクトの解釈です。"),
    "en": ("Based on 『雀ローグ』 (JongRogue) by 某犬犬 (雀9システム制作委員会), CC BY-SA 4.0 "
           "https://creativecommons.org/licenses/by-sa/4.0/ — this derived print by "
           "pnp-companion is offered under the same licence; some tile meanings are this "
           "project's reading."),
}
SHORT_CREDIT = "原作 某犬犬『雀ローグ』CC BY-SA 4.0"

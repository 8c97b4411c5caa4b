import { en } from "@/components/i18n/en";
import { type Phrase, say } from "@/components/i18n/phrase";
import { translate } from "@/components/i18n/translate";
import { zhCN } from "@/components/i18n/zh-CN";

/** A view-model's phrase as the English UI shows it. */
export const inEnglish = (p: Phrase): string => say((key, params) => translate(en, key, params), p);

/** A view-model's phrase as the 简体中文 UI shows it. */
export const inChinese = (p: Phrase): string => say((key, params) => translate(zhCN, key, params), p);

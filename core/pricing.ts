/**
 * Money rules of booklet sales and the wallet (docs/decisions/013-payments-and-wallet.md).
 * Every amount is an integer number of fen (1/100 yuan); nothing here ever sees a float price.
 */

/** Percent of what a buyer paid that goes to the booklet's author as a wallet bill. */
export const AUTHOR_SHARE_PERCENT = 70;

/** The smallest withdrawal, in fen (1 元). */
export const WITHDRAWAL_MIN_FEN = 100;
/** The largest single withdrawal, in fen (50 000 元). */
export const WITHDRAWAL_MAX_FEN = 5_000_000;

/** What the buyer pays after a discount of `percentOff` (0–100), rounded down to the fen. */
export function discountedPrice(price: number, percentOff: number): number {
  const percent = Math.min(100, Math.max(0, Math.trunc(percentOff)));
  return Math.floor((price * (100 - percent)) / 100);
}

/** The author's share of a payment, rounded down to the fen (the platform keeps the rest). */
export function authorShare(amount: number): number {
  return Math.floor((amount * AUTHOR_SHARE_PERCENT) / 100);
}

/** 1990 → '19.90' */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '19.9' → 1990; null when it is not a positive amount with at most two decimals. */
export function parseYuan(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export const PAYMENT_MESSAGES = {
  bookletNotFound: '小册不存在',
  alreadyBought: '你已购买过该小册',
  ownBooklet: '不能购买自己的小册',
  freeBooklet: '该小册免费，无需购买',
  payFree: '优惠后实付 0 元，请直接免费领取',
  notFree: '该优惠码不能免费领取',
  unavailable: '支付暂不可用',
  providerBusy: '支付服务繁忙，请稍后重试',
  codeNotFound: '优惠码不存在',
  codeExpired: '优惠码已过期',
  codeUsedUp: '优惠码已被用完',
  codeOtherBooklet: '优惠码不适用于该小册',
  codeRequired: '请输入优惠码',
  orderNotFound: '订单不存在',
  orderClosed: '订单已关闭，请重新下单',
  badSignature: '签名验证失败',
  amountMismatch: '支付金额与订单不符',
  payType: '支付方式有误',
} as const;

export const WALLET_MESSAGES = {
  noAccess: '你还没有开通钱包',
  volumeRequired: '请输入提现金额',
  volumeMin: `单笔提现不能少于 ${formatYuan(WITHDRAWAL_MIN_FEN)} 元`,
  volumeMax: `单笔提现不能超过 ${formatYuan(WITHDRAWAL_MAX_FEN)} 元`,
  insufficient: '余额不足',
  accountRequired: '请输入支付宝账号',
  accountTooLong: '支付宝账号不能超过64个字符',
  nameRequired: '请输入真实姓名',
  nameTooLong: '真实姓名不能超过32个字符',
  withdrawalNotFound: '提现申请不存在',
  withdrawalDone: '该提现申请已处理',
} as const;

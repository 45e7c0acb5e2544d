/**
 * The catalogue's refusals, in Chinese like the rest of the console API (the English wording is in
 * http/api-catalogue-messages-in-english.ts).
 */
export const CATALOGUE_MESSAGES = Object.freeze({
  modelNotFound: '模型不存在',
  modelNameEmpty: '模型名称不能为空',
  modelNameTooLong: '模型名称不能超过 128 个字符',
  modelNameTaken: '模型名称已存在',
  nameRuleInvalid: '无效的名称匹配规则',
  endpointsInvalid: '端点配置必须是合法的 JSON',
  vendorNotFound: '供应商不存在',
  vendorNameEmpty: '供应商名称不能为空',
  vendorNameTooLong: '供应商名称不能超过 128 个字符',
  vendorNameTaken: '供应商名称已存在',
  fieldTooLong: (field: string, limit: number) => `${field} 不能超过 ${limit} 个字符`,
  upstreamFailed: (reason: string) => `获取上游模型元数据失败：${reason}`,
});

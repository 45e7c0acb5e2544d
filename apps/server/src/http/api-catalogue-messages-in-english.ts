import type { MessageTemplates } from '../errors/message-templates.js';

/**
 * The English wording of the model catalogue's messages (`/api/models/…`, `/api/vendors/…`,
 * catalogue/catalogue-messages.ts); part of the resource table.
 */
export const CATALOGUE_MESSAGES_IN_ENGLISH: MessageTemplates = [
  [/^模型不存在$/, 'The model does not exist'],
  [/^模型名称不能为空$/, 'The model name must not be empty'],
  [/^模型名称不能超过 128 个字符$/, 'The model name must not be longer than 128 characters'],
  [/^模型名称已存在$/, 'The model name already exists'],
  [/^无效的名称匹配规则$/, 'Invalid name rule'],
  [/^端点配置必须是合法的 JSON$/, 'The endpoints must be valid JSON'],
  [/^供应商不存在$/, 'The vendor does not exist'],
  [/^供应商名称不能为空$/, 'The vendor name must not be empty'],
  [/^供应商名称不能超过 128 个字符$/, 'The vendor name must not be longer than 128 characters'],
  [/^供应商名称已存在$/, 'The vendor name already exists'],
  [/^(\w+) 不能超过 (\d+) 个字符$/, '$1 must not be longer than $2 characters'],
  [
    /^获取上游模型元数据失败：上游返回状态码 (.*)$/s,
    'Fetching the official model metadata failed: the upstream answered $1',
  ],
  [
    /^获取上游模型元数据失败：上游响应过大（超过 (\d+) MiB）$/,
    'Fetching the official model metadata failed: the answer is larger than $1 MiB',
  ],
  [
    /^获取上游模型元数据失败：请求上游超时（(\d+) 秒）$/,
    'Fetching the official model metadata failed: the request timed out ($1 s)',
  ],
  [
    /^获取上游模型元数据失败：不允许访问内部地址：(.*)$/s,
    'Fetching the official model metadata failed: internal addresses are not allowed: $1',
  ],
  [
    /^获取上游模型元数据失败：上游返回的不是合法的 JSON$/,
    'Fetching the official model metadata failed: the answer is not valid JSON',
  ],
  [
    /^获取上游模型元数据失败：上游数据格式不正确（(.*)）$/s,
    'Fetching the official model metadata failed: unexpected data ($1)',
  ],
  [
    /^获取上游模型元数据失败：无法连接上游：(.*)$/s,
    'Fetching the official model metadata failed: cannot reach the upstream: $1',
  ],
];

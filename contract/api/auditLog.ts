/** The audit log (issue 5): every administrative change, for super administrators, newest first. */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { BigId, DateTime, Id, Nullable, Page, PageFields } from './common';
import { defineApi } from './define';

export const AuditListQuery = Type.Object(
  {
    ...PageFields,
    actor: Type.Optional(Type.String({ maxLength: 64, description: '操作人用户名（包含）' })),
    action: Type.Optional(Type.String({ maxLength: 64, description: '操作，如 menu.create（contract/system.ts AUDIT_ACTIONS）' })),
    targetType: Type.Optional(Type.String({ maxLength: 32 })),
    targetId: Type.Optional(Type.String({ maxLength: 64 })),
    from: Type.Optional(DateTime({ description: '时间下限（含）' })),
    to: Type.Optional(DateTime({ description: '时间上限（不含）' })),
  },
  { additionalProperties: false },
);
export type AuditListQuery = Static<typeof AuditListQuery>;

export const AuditItem = Type.Object({
  id: BigId(),
  actorId: Nullable(Id()),
  actorName: Nullable(Type.String()),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Nullable(Type.String()),
  /** What the target is called (its name now, or in the entry's snapshot once deleted); null when it has none. */
  targetName: Nullable(Type.String()),
  /** Free-form JSON: the target as it was and as it became. */
  before: Type.Unknown({ description: '变更前（任意 JSON）' }),
  after: Type.Unknown({ description: '变更后（任意 JSON）' }),
  ip: Nullable(Type.String()),
  at: DateTime(),
});
export type AuditItem = Static<typeof AuditItem>;

export const auditLogApi = {
  'auditLog/list': defineApi({
    summary: '审计日志：按操作人、操作、对象和时间筛选（分页），最新的在前',
    description: '只有超级管理员（/admin）可以查看。',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeAdmin] },
    body: AuditListQuery,
    answer: Page(AuditItem),
    example: {
      body: { current: 1, pageSize: 20, action: 'membershipLevel.setOnSale' },
      answer: {
        list: [
          {
            id: 1024,
            actorId: 1,
            actorName: 'admin',
            action: 'membershipLevel.setOnSale',
            targetType: 'membershipLevel',
            targetId: '2',
            targetName: '专业版',
            before: { onSale: true },
            after: { onSale: false },
            ip: '10.1.2.3',
            at: '2026-11-20T08:00:00.000Z',
          },
        ],
        total: 1,
        current: 1,
        pageSize: 20,
      },
    },
  }),
};

/**
 * Four-eyes review of what reaches members' plug-ins (docs/plugin-scripts.md, issue 29): a change
 * to a script or to a served release waits until an account holding 审核脚本 that did not make it
 * approves it. The super administrator may approve a change of their own only with a reason (an
 * emergency), which is audited and announced to every other approver.
 */

export const RELEASE_CHANGE_ACTIONS = ['publish', 'withdraw', 'update'] as const;
export type ReleaseChangeAction = (typeof RELEASE_CHANGE_ACTIONS)[number];

export const RELEASE_CHANGE_LABELS: Record<ReleaseChangeAction, string> = {
  publish: '发布',
  withdraw: '撤回',
  update: '修改',
};

/** An emergency self-approval's reason. */
export const SELF_APPROVAL_REASON_MAX = 200;

export const REVIEW_TEXT = {
  nothingPending: '没有待审核的改动',
  changedSinceReview: '待审核的内容已有新的改动，请刷新后重新审核',
  ownChange: '不能审核自己参与的改动，请由另一位审核人审核',
  reasonRequired: '审核自己参与的改动须填写紧急原因',
  requestPending: '该版本已有待审核的申请，请等待审核或先撤销申请',
  noRequest: '该版本没有待审核的申请',
} as const;

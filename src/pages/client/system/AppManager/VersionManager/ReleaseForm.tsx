/** Create or edit a release (the version number is fixed once created). */
import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert } from 'antd';
import type { ReactElement } from 'react';
import { tryCall } from '@/services/tryCall';
import { CHANGELOG_MAX, cleanVersion, downloadUrlProblem, minSupportedProblem, URL_MAX, versionProblem } from '#contract/content';
import type { Release } from '#contract/api/appVersion';
import { useFieldErrors } from '@/services/fieldErrors';
import { message } from '@/kit/feedback';
import { REVIEW_UI_TEXT } from '@/locales/zh-CN/content';

interface Values {
  version: string;
  minSupportedVersion: string;
  downloadUrl: string;
  changelog: string;
}

/** A rule saying the sentence the server would (contract/content.ts). */
const problemRule = (problemOf: (text: string) => string | null) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const problem = problemOf(value ?? '');
    if (problem) throw new Error(problem);
  },
});

export default function ReleaseForm({ release, trigger, onDone }: { release?: Release; trigger: ReactElement; onDone: () => void }) {
  const fieldErrors = useFieldErrors();
  return (
    <ModalForm<Values>
      name={release ? `release-${release.id}` : 'release-new'}
      title={release ? `编辑版本 ${release.version}` : '新建版本'}
      width={560}
      trigger={trigger}
      modalProps={{ destroyOnHidden: true }}
      initialValues={
        release
          ? {
              version: release.version,
              minSupportedVersion: release.minSupportedVersion,
              downloadUrl: release.downloadUrl,
              changelog: release.changelog,
            }
          : { changelog: '', downloadUrl: '' }
      }
      form={fieldErrors.form}
      onFinish={fieldErrors.wrap(async (values) => {
        const body = {
          minSupportedVersion: values.minSupportedVersion.trim(),
          downloadUrl: (values.downloadUrl ?? '').trim(),
          changelog: values.changelog ?? '',
        };
        const saved = release
          ? await tryCall('appVersion/update', { id: release.id, ...body })
          : await tryCall('appVersion/create', { version: values.version.trim(), ...body });
        if (!saved) return false;
        message.success(saved.pendingChange ? REVIEW_UI_TEXT.requested : release ? '版本已更新' : '版本已创建（草稿）');
        onDone();
        return true;
      })}
    >
      {release?.status === 'published' && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message="此版本已发布：修改提交为申请，审核通过后才生效。" />
      )}
      <ProFormText
        name="version"
        label="版本号"
        placeholder="如 1.2.0"
        disabled={Boolean(release)}
        rules={[problemRule((text) => versionProblem('version', text))]}
        extra={release ? undefined : '须高于已有的所有版本'}
      />
      <ProFormText
        name="minSupportedVersion"
        label="最低支持版本"
        placeholder="如 1.0.0"
        dependencies={['version']}
        extra="低于此版本的插件会被提示必须升级"
        rules={[
          problemRule((text) => versionProblem('minSupportedVersion', text)),
          ({ getFieldValue }) =>
            problemRule((text) => {
              const version = cleanVersion(String(getFieldValue('version') ?? ''));
              const min = cleanVersion(text);
              return version && min ? minSupportedProblem(min, version) : null;
            }),
        ]}
      />
      <ProFormText
        name="downloadUrl"
        label="下载地址"
        placeholder="https://…（发布前必填）"
        fieldProps={{ maxLength: URL_MAX }}
        rules={[problemRule(downloadUrlProblem)]}
      />
      <ProFormTextArea name="changelog" label="更新说明" fieldProps={{ rows: 5, maxLength: CHANGELOG_MAX, showCount: true }} />
    </ModalForm>
  );
}

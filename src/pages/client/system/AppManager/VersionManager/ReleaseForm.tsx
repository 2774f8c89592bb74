/** Create or edit a release (the version number is fixed once created). */
import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { message } from 'antd';
import type { ReactElement } from 'react';
import semverValid from 'semver/functions/valid';
import semverClean from 'semver/functions/clean';
import semverGt from 'semver/functions/gt';
import { createRelease, updateRelease } from '@/services/content';
import { CHANGELOG_MAX, URL_MAX } from '#contract/content';
import type { Release } from '#contract/api/appVersion';
import { useFieldErrors } from '@/utils/fieldErrors';

interface Values {
  version: string;
  minSupportedVersion: string;
  downloadUrl: string;
  changelog: string;
}

const semverRule = (label: string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    if (!value?.trim()) throw new Error(`请输入${label}`);
    if (!semverValid(semverClean(value.trim()))) throw new Error(`${label}应为语义化版本号，如 1.2.3`);
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
      modalProps={{ destroyOnClose: true }}
      initialValues={
        release
          ? { version: release.version, minSupportedVersion: release.minSupportedVersion, downloadUrl: release.downloadUrl, changelog: release.changelog }
          : { changelog: '', downloadUrl: '' }
      }
      form={fieldErrors.form}
      onFinish={fieldErrors.wrap(async (values) => {
        const body = {
          minSupportedVersion: values.minSupportedVersion.trim(),
          downloadUrl: (values.downloadUrl ?? '').trim(),
          changelog: values.changelog ?? '',
        };
        const answer = release
          ? await updateRelease({ id: release.id, ...body })
          : await createRelease({ version: values.version.trim(), ...body });
        if (!answer.isSuccess) return false;
        message.success(release ? '版本已更新' : '版本已创建（草稿）');
        onDone();
        return true;
      })}
    >
      <ProFormText name="version" label="版本号" placeholder="如 1.2.0" disabled={Boolean(release)} rules={[semverRule('版本号')]} extra={release ? undefined : '须高于已有的所有版本'} />
      <ProFormText
        name="minSupportedVersion"
        label="最低支持版本"
        placeholder="如 1.0.0"
        dependencies={['version']}
        extra="低于此版本的插件会被提示必须升级"
        rules={[
          semverRule('最低支持版本'),
          ({ getFieldValue }) => ({
            validator: async (_: unknown, value: string | undefined) => {
              const version = semverClean(String(getFieldValue('version') ?? '').trim());
              const min = semverClean(String(value ?? '').trim());
              if (version && min && semverGt(min, version)) throw new Error('最低支持版本不能高于版本号');
            },
          }),
        ]}
      />
      <ProFormText
        name="downloadUrl"
        label="下载地址"
        placeholder="https://…（发布前必填）"
        rules={[{ type: 'url', message: '请输入有效的网址' }, { max: URL_MAX, message: `不能超过 ${URL_MAX} 个字符` }]}
      />
      <ProFormTextArea name="changelog" label="更新说明" fieldProps={{ rows: 5, maxLength: CHANGELOG_MAX, showCount: true }} />
    </ModalForm>
  );
}

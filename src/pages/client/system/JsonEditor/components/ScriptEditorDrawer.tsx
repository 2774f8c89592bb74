/**
 * Edits one script's JSON: format, validate (JSON and the step language) before sending, save as a
 * new version. Closing with unsaved edits asks first.
 */
import { useRequest } from 'ahooks';
import { Alert, Button, Drawer, Input, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CallRefusal, callApi } from '@/services/request';
import { tryCall } from '@/services/tryCall';
import { SCRIPT_NOTE_MAX, scriptContentProblem } from '#contract/content';
import { describeJsonError, findJsonSyntaxError } from '#contract/jsonSyntax';
import { CONTENT_TEXT, SCRIPT_HEALTH_TEXT, scriptChangeNotice } from '@/locales/zh-CN/content';
import type { ScriptDetail } from '#contract/api/script';
import { formatJson, JsonEditor } from './lazyEditors';
import { message } from '@/kit/feedback';
import { useUnsavedGuard } from '@/kit/useUnsavedGuard';
import { EDITOR_SITE_RULES } from './scriptLint';
import { HealthTag, stepNotes } from './scriptHealth';

interface Props {
  scriptId: number | null;
  onClose: () => void;
  onSaved: (script: ScriptDetail) => void;
}

export default function ScriptEditorDrawer({ scriptId, onClose, onSaved }: Props) {
  /**
   * The user's text, kept with the script it is an edit of: a script loaded or saved since makes it
   * stale at once (no effect resets it, which could land after a keystroke and drop it).
   */
  const [edit, setEdit] = useState<{ of: ScriptDetail; text: string } | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const {
    data: script,
    loading,
    mutate,
  } = useRequest(
    async () => {
      if (!scriptId) return undefined;
      return tryCall('script/get', { id: scriptId });
    },
    { refreshDeps: [scriptId] },
  );
  const text = script && edit?.of === script ? edit.text : (script?.content ?? '');
  const setText = (value: string) => script && setEdit({ of: script, text: value });

  // What the plug-in's runs say of this script: its steps that failed, marked on their lines.
  const { data: health } = useRequest(
    async () => {
      if (!scriptId) return undefined;
      return tryCall('script/health', { id: scriptId });
    },
    { refreshDeps: [scriptId] },
  );
  const shownHealth = health?.versions.find((version) => version.version === script?.currentVersion);
  const liveHealth = health?.versions.find((version) => version.version === script?.liveVersion);

  useEffect(() => {
    setNote('');
    setProblem(null);
  }, [script]);

  const { run: save, loading: saving } = useRequest(
    async () => {
      if (!script) return;
      const found = scriptContentProblem(script.kind, text, EDITOR_SITE_RULES);
      if (found) {
        setProblem(found);
        message.error(`${CONTENT_TEXT.invalidScript}：${found}`);
        return;
      }
      let saved;
      try {
        saved = await callApi('script/save', {
          id: script.id,
          baseVersion: script.currentVersion,
          content: text,
          note: note.trim() || undefined,
        });
      } catch (error) {
        // A refusal (toasted already) is shown beside the editor too; anything else goes on as before.
        if (!(error instanceof CallRefusal)) throw error;
        setProblem(error.msg);
        return;
      }
      message.success(scriptChangeNotice(`${CONTENT_TEXT.saved}（第 ${saved.currentVersion} 版）`, saved.pending));
      mutate(saved);
      onSaved(saved);
    },
    { manual: true },
  );

  const format = () => {
    // Formatting needs valid JSON only; the step language is checked on save (and in the gutter).
    const syntax = findJsonSyntaxError(text);
    if (syntax) {
      const found = describeJsonError(syntax);
      setProblem(found);
      message.error(`${CONTENT_TEXT.invalidJson}：${found}`);
      return;
    }
    setProblem(null);
    setText(formatJson(text));
  };

  const dirty = script !== undefined && text !== script.content;
  const closeUnlessUnsaved = useUnsavedGuard(dirty);

  return (
    <Drawer
      open={scriptId !== null}
      // Esc, the close button and the mask all come here: unsaved edits ask first.
      onClose={() => closeUnlessUnsaved(onClose)}
      width={880}
      destroyOnHidden
      title={script ? `编辑脚本：${script.name}` : '编辑脚本'}
      extra={
        <Space>
          <Button onClick={format} disabled={!script}>
            {CONTENT_TEXT.format}
          </Button>
          <Button type="primary" onClick={save} loading={saving} disabled={!dirty}>
            {CONTENT_TEXT.save}
          </Button>
        </Space>
      }
    >
      {loading && !script ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : script ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            当前第 {script.currentVersion} 版。保存后生成第 {script.currentVersion + 1} 版，旧版本保留在历史中。
          </Typography.Text>
          {script.liveVersion !== null && (
            <Space size="small" data-testid="script-health">
              <Typography.Text type="secondary">{SCRIPT_HEALTH_TEXT.liveLine(script.liveVersion)}</Typography.Text>
              <HealthTag health={liveHealth} failingSteps={liveHealth?.steps.length} />
            </Space>
          )}
          {problem && <Alert type="error" showIcon message={CONTENT_TEXT.invalidScript} description={problem} data-testid="json-problem" />}
          <JsonEditor
            value={text}
            kind={script.kind}
            stepNotes={text === script.content ? stepNotes(shownHealth) : undefined}
            height="calc(100vh - 330px)"
            onChange={(value) => {
              setText(value);
              if (problem) setProblem(null);
            }}
          />
          <Input
            placeholder="版本说明（可选），如：增加确认弹窗步骤"
            maxLength={SCRIPT_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </Space>
      ) : null}
    </Drawer>
  );
}

/**
 * The strength of a new password under its field: three bars and 弱 / 中 / 强 (弱 is refused).
 * Plain elements rather than antd's Progress, to keep the login page light; the check itself is
 * loaded lazily (src/kit/passwordStrength.ts) once something is typed.
 */
import { Form, theme } from 'antd';
import { useEffect, useState } from 'react';
import type { StrengthLevel } from '#contract/passwordRules';
import { PASSWORD_TEXT, STRENGTH_LABELS } from '@/locales/zh-CN/account';
import { checkPasswordStrength } from '@/kit/passwordStrength';

const BARS: Record<StrengthLevel, number> = { weak: 1, medium: 2, strong: 3 };

export function PasswordStrengthMeter({ password, userInputs = [] }: { password?: string; userInputs?: readonly (string | undefined)[] }) {
  const [level, setLevel] = useState<StrengthLevel>();
  // The theme's status colours: the bars in each, the words in their text shade (legible on either theme's background).
  const { token } = theme.useToken();
  const bar = { weak: token.colorError, medium: token.colorWarning, strong: token.colorSuccess };
  const text = { weak: token.colorErrorText, medium: token.colorWarningText, strong: token.colorSuccessText };
  const inputs = userInputs.filter((input): input is string => Boolean(input));
  const inputsKey = inputs.join('\n');

  useEffect(() => {
    if (!password) {
      setLevel(undefined);
      return undefined;
    }
    let live = true;
    checkPasswordStrength(password, inputs)
      .then((strength) => live && setLevel(strength.level))
      .catch(() => live && setLevel(undefined));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- inputsKey stands for inputs (a new array on every render)
  }, [password, inputsKey]);

  if (!password || !level) return null;
  const label = STRENGTH_LABELS[level];
  return (
    <div
      role="meter"
      aria-label={PASSWORD_TEXT.strength}
      aria-valuemin={1}
      aria-valuemax={3}
      aria-valuenow={BARS[level]}
      aria-valuetext={label}
      data-level={level}
      style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 4, fontSize: 12 }}
    >
      <span style={{ display: 'flex', gap: 4, flex: 1 }}>
        {[1, 2, 3].map((index) => (
          <span
            key={index}
            style={{ flex: 1, height: 4, borderRadius: 2, background: index <= BARS[level] ? bar[level] : token.colorFillSecondary }}
          />
        ))}
      </span>
      <span style={{ color: text[level], minWidth: 72, textAlign: 'right' }}>
        {PASSWORD_TEXT.strength}：{label}
      </span>
    </div>
  );
}

/** The meter of the form field `name`, read from the enclosing form; `inputs` are other fields (username, email). */
export function WatchedPasswordStrength({ name, inputs = [] }: { name: string; inputs?: readonly string[] }) {
  const form = Form.useFormInstance();
  const password = Form.useWatch(name, form) as string | undefined;
  const values = Form.useWatch((all: Record<string, unknown>) => inputs.map((input) => all?.[input] as string | undefined), form) ?? [];
  return <PasswordStrengthMeter password={password} userInputs={values} />;
}

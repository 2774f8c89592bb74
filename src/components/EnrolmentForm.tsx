/**
 * At sign-in, for an account whose roles ask for a second factor it does not have yet (its session
 * may only enrol: A0216 for anything else): an authenticator app or a passkey, then the recovery
 * codes shown once, then in. The session is not stored until then; `onBack` signs it out.
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import type { LoginResult } from '#contract/api/account';
import { ENROLMENT_TEXT as TEXT } from '@/locales/zh-CN/account';
import { logout } from '@/services/account';
import PasskeyEnrolment from './factors/PasskeyEnrolment';
import RecoveryCodesShown from './factors/RecoveryCodesShown';
import TotpEnrolment from './factors/TotpEnrolment';
import styles from './OneTimePasswordForm.module.less';

interface Props {
  login: LoginResult;
  onEnrolled: () => void;
  onBack: () => void;
}

export default function EnrolmentForm({ login, onEnrolled, onBack }: Props) {
  const [method, setMethod] = useState<'totp' | 'passkey'>('totp');
  const [codes, setCodes] = useState<string[]>();

  const enrolled = (recoveryCodes: string[] | null) => {
    if (recoveryCodes) setCodes(recoveryCodes);
    else onEnrolled();
  };

  const back = () => {
    void logout(login.token).catch(() => undefined);
    onBack();
  };

  if (codes) return <RecoveryCodesShown codes={codes} onDone={onEnrolled} account={login.username} doneText={TEXT.enter} />;
  return (
    <div>
      <h2 className={styles.title}>
        <SafetyCertificateOutlined aria-hidden /> {TEXT.title}
      </h2>
      <p className={styles.explain}>{TEXT.explain}</p>
      <div role="radiogroup" aria-label={TEXT.title} style={{ display: 'flex', gap: 8, marginBottom: 16 }}>
        {(['totp', 'passkey'] as const).map((key) => (
          <Button
            key={key}
            role="radio"
            aria-checked={method === key}
            type={method === key ? 'primary' : 'default'}
            ghost={method === key}
            onClick={() => setMethod(key)}
          >
            {key === 'totp' ? TEXT.totpTab : TEXT.passkeyTab}
          </Button>
        ))}
      </div>
      {method === 'totp' ? (
        <TotpEnrolment token={login.token} onEnrolled={enrolled} />
      ) : (
        <PasskeyEnrolment token={login.token} onEnrolled={enrolled} />
      )}
      <Button type="link" block onClick={back} style={{ marginTop: 8 }}>
        {TEXT.back}
      </Button>
    </div>
  );
}

/**
 * The dialog 两步验证 enrols in: the authenticator app or a passkey, then, when the server answers
 * recovery codes (the account's first factor, or 重新生成), the codes once. While the codes are
 * shown the dialog closes only by 完成 (after 我已妥善保存): they are not shown again.
 */
import { Modal } from 'antd';
import { useState } from 'react';
import PasskeyEnrolment from '@/components/factors/PasskeyEnrolment';
import RecoveryCodesShown from '@/components/factors/RecoveryCodesShown';
import TotpEnrolment from '@/components/factors/TotpEnrolment';
import { feedback } from '@/kit/feedback';
import { FACTOR_TEXT as T, FACTOR_SETTINGS_TEXT as S } from '@/locales/zh-CN/factors';

/** What the dialog does: enrol one kind of factor, or show codes already made. */
export type Enrolling = 'totp' | 'passkey' | { codes: string[] };

/** Mounted for one enrolment (its state starts afresh each time). */
interface Props {
  enrolling: Enrolling;
  /** Names the account in the codes' file. */
  account?: string;
  /** `changed`: a factor was added (the overview is read again). */
  onClose: (changed: boolean) => void;
}

export default function EnrolDialog({ enrolling, account, onClose }: Props) {
  const [codes, setCodes] = useState(typeof enrolling === 'object' ? enrolling.codes : undefined);
  const [added, setAdded] = useState(false);

  const enrolled = (done: string) => (recoveryCodes: string[] | null) => {
    feedback.message.success(done);
    setAdded(true);
    if (recoveryCodes) setCodes(recoveryCodes);
    else onClose(true);
  };
  const close = () => onClose(added);
  const showingCodes = Boolean(codes);

  let title: string = T.codesTitle;
  let body = codes ? <RecoveryCodesShown codes={codes} account={account} onDone={close} /> : null;
  if (!codes && enrolling === 'totp') {
    title = S.totpEnrol;
    body = <TotpEnrolment onEnrolled={enrolled(S.totpEnrolled)} onCancel={close} />;
  } else if (!codes && enrolling === 'passkey') {
    title = S.addPasskey;
    body = <PasskeyEnrolment onEnrolled={enrolled(S.passkeyAdded)} onCancel={close} />;
  }

  return (
    <Modal
      open
      title={title}
      footer={null}
      destroyOnHidden
      width={560}
      onCancel={close}
      closable={!showingCodes}
      maskClosable={!showingCodes}
      keyboard={!showingCodes}
    >
      {body}
    </Modal>
  );
}

/** The dialog that adds a payout card: the number is checked (Luhn) before it is sent. */
import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormCheckbox, ProFormText } from '@ant-design/pro-components';
import { Button } from 'antd';
import { act } from '@/kit/act';
import { CARD_BANK_MAX, CARD_HOLDER_MAX, cardNumberProblem, normaliseCardNumber } from '#contract/ledger';
import { CARD_TEXT } from '#contract/text/ledger';
import { useFieldErrors } from '@/services/fieldErrors';
import { requiredTextRule } from '@/kit/formRules';

interface Values {
  holder: string;
  bank: string;
  cardNumber: string;
  makeDefault?: boolean;
}

export default function AddCardForm({ onAdded }: { onAdded: () => void }) {
  const fieldErrors = useFieldErrors();
  return (
    <ModalForm<Values>
      title={CARD_TEXT.addTitle}
      width={480}
      trigger={
        <Button type="primary" icon={<PlusOutlined />}>
          {CARD_TEXT.add}
        </Button>
      }
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      form={fieldErrors.form}
      onFinish={fieldErrors.wrap(async (values) => {
        const body = {
          holder: values.holder.trim(),
          bank: values.bank.trim(),
          cardNumber: normaliseCardNumber(values.cardNumber),
          makeDefault: Boolean(values.makeDefault),
        };
        return Boolean(await act('bankCard/add', body, CARD_TEXT.added, onAdded));
      })}
    >
      <ProFormText
        name="holder"
        label={CARD_TEXT.holder}
        placeholder="与银行预留姓名一致"
        fieldProps={{ maxLength: CARD_HOLDER_MAX }}
        rules={[requiredTextRule('holder')]}
      />
      <ProFormText
        name="bank"
        label={CARD_TEXT.bank}
        placeholder="如：招商银行"
        fieldProps={{ maxLength: CARD_BANK_MAX }}
        rules={[requiredTextRule('bank')]}
      />
      <ProFormText
        name="cardNumber"
        label={CARD_TEXT.cardNumber}
        placeholder="请输入银行卡号"
        fieldProps={{ inputMode: 'numeric', maxLength: 23, autoComplete: 'off' }}
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = cardNumberProblem(value ?? '');
              if (problem) throw new Error(problem);
            },
          },
        ]}
      />
      <ProFormCheckbox name="makeDefault">{CARD_TEXT.makeDefault}</ProFormCheckbox>
    </ModalForm>
  );
}

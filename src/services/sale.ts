/** `/api/admin/sale/*` */
import { callApiAnswer as callApi } from '@/services/request';
import type { SetSaleBody } from '#contract/api/sale';

export const setSale = (body: SetSaleBody) => callApi('sale/setSale', body, { successToast: false });

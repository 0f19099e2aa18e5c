// Sending an enquiry (cruise, flight or help form): the form's state stays in the island; this is its one call.
import { atom } from 'nanostores';
import { request, type ApiBody } from './api';

export type EnquiryStatus = 'idle' | 'sending' | 'sent' | 'failed';
export const $enquiryStatus = atom<EnquiryStatus>('idle');

export async function sendEnquiry(enquiry: ApiBody<'/api/enquiries', '$post'>): Promise<void> {
  $enquiryStatus.set('sending');
  try {
    await request('$post', '/api/enquiries', { body: enquiry });
    $enquiryStatus.set('sent');
  } catch {
    $enquiryStatus.set('failed');
  }
}

// Sending an enquiry (cruise, flight or help form): the form's state stays in the island; this is its one call.
import { atom } from 'nanostores';
import { request } from './api';
import type { Enquiry } from '../shared/contract/enquiry';

export type EnquiryStatus = 'idle' | 'sending' | 'sent' | 'failed';
export const $enquiryStatus = atom<EnquiryStatus>('idle');

export async function sendEnquiry(enquiry: Enquiry): Promise<void> {
  $enquiryStatus.set('sending');
  try {
    await request('$post', '/api/enquiries', { body: enquiry });
    $enquiryStatus.set('sent');
  } catch {
    $enquiryStatus.set('failed');
  }
}

// The enquiry form on a page that loads React only when a person acts on it: the server renders its stand-in
// (src/components/EnquiryFormStandIn.astro), the browser the form itself, which takes over the field the person touched.
import EnquiryForm from './EnquiryForm';
import { deferred } from '../ui/deferred';

export default deferred(EnquiryForm);

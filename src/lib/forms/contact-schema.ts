import * as z from 'zod/mini';
import { emailField, formObjectError } from './newsletter-schema.ts';

/** docs/decisions/spec-rules.md#s5: the four inquiry types, General Inquiry first and the default. */
export const INQUIRY_TYPES = ['General Inquiry', 'Order Help', 'Event Partnerships', 'Other'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];
export const DEFAULT_INQUIRY: InquiryType = 'General Inquiry';

export const NAME_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 5000;

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  nameOneLine: 'Name must fit on one line',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  subjectRequired: 'Please select an option',
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  received: 'We have received your message!',
  failed: 'Your message could not be sent. Please try again.',
} as const;

/**
 * POST /api/contact (docs/decisions/spec-rules.md#s3 Contact message). The name, address and inquiry type end up in
 * mail headers (subject, reply-to), so none of them may carry a line break: the address rule
 * and the fixed list of inquiry types already refuse one, the name says so itself.
 */
export const contactSchema = z.strictObject(
  {
    fullName: z.string({ error: CONTACT_MESSAGES.nameRequired }).check(
      z.trim(),
      z.minLength(1, CONTACT_MESSAGES.nameRequired),
      z.maxLength(NAME_MAX_LENGTH, CONTACT_MESSAGES.nameTooLong),
      z.refine((v) => !/[\r\n\u2028\u2029]/.test(v), CONTACT_MESSAGES.nameOneLine),
    ),
    emailAddress: emailField(CONTACT_MESSAGES.emailRequired, CONTACT_MESSAGES.emailInvalid),
    subject: z.enum(INQUIRY_TYPES, { error: CONTACT_MESSAGES.subjectRequired }),
    message: z
      .string({ error: CONTACT_MESSAGES.messageRequired })
      .check(
        z.trim(),
        z.minLength(1, CONTACT_MESSAGES.messageRequired),
        z.maxLength(MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.messageTooLong),
      ),
  },
  formObjectError,
);

export type ContactMessage = z.infer<typeof contactSchema>;

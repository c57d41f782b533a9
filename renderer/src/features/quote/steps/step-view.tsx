import type { ComponentType } from 'react';
import type { WizardStep } from '@shared/contracts/quote-steps';
import { EmailVerificationStep } from './email-verification-step';
import { EstimateDisplayStep } from './estimate-display-step';
import { FarmMappingStep } from './farm-mapping-step';
import { FinalSubmissionStep } from './final-submission-step';
import { GetStartedStep } from './get-started-step';
import { PasswordCreationStep } from './password-creation-step';
import { PersonalDetailsStep } from './personal-details-step';
import { ProductDisclosureStep } from './product-disclosure-step';
import { ProtectionCalculatorStep } from './protection-calculator-step';
import { SuccessStep } from './success-step';

const STEP_COMPONENTS: Record<WizardStep, ComponentType> = {
  'personal-details': PersonalDetailsStep,
  'email-verification': EmailVerificationStep,
  'password-creation': PasswordCreationStep,
  'product-disclosure': ProductDisclosureStep,
  'get-started': GetStartedStep,
  'farm-mapping': FarmMappingStep,
  'protection-calculator': ProtectionCalculatorStep,
  'estimate-display': EstimateDisplayStep,
  'final-submission': FinalSubmissionStep,
  success: SuccessStep,
};

export function StepView({ step }: { step: WizardStep }) {
  const Step = STEP_COMPONENTS[step];
  return <Step />;
}

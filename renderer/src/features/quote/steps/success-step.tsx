import { Link } from 'react-router';
import { StepFrame } from './step-frame';

/** Step 10: reached only once the quote is submitted or completed. */
export function SuccessStep() {
  return (
    <StepFrame hideBack hideContinue intro={<p>Thank you. Your quote has reached the mutual and we will be in touch about the next steps.</p>}>
      <p>
        <Link to="/dashboard" className="button button-primary">
          Go to your dashboard
        </Link>
      </p>
    </StepFrame>
  );
}

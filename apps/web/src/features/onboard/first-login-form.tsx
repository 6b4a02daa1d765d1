import { useNavigate } from 'react-router';
import { firstLoginTexts } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { showSnackbar } from '../../ui/toasts';
import { OrganisationForm } from '../account/organisation-form';
import { useCurrentUser } from '../account/use-current-user';

/** Completes the organisation on the first login: name, contact e-mail and phone, and its address (the sender of its labels). */
export function FirstLoginForm() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <OrganisationForm
      user={user}
      submitLabel={firstLoginTexts.save}
      testId="first-login-form"
      onSaved={() => {
        showSnackbar(firstLoginTexts.saved);
        void navigate(paths.dashboard);
      }}
    />
  );
}

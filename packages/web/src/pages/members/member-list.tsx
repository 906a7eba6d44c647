/**
 * The project's members, one card each: who (name and e-mail), their role, when they
 * joined, and what the signed-in person may do about each; side by side on a wide screen,
 * stacked on a phone. An admin or the owner changes the role
 * of anyone but the owner and themselves (a select, then Save) and removes them; anyone
 * but the owner may leave. The others see the roles as text.
 */
import type { AssignableRole } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { LocalTime, localTimeZone } from '../../components/local-time';
import { RoleSelect } from '../../components/role-select';
import { useT } from '../../i18n';
import type { Member } from './use-team';

export interface MemberListProps {
  members: readonly Member[];
  /** The signed-in person's user id. */
  selfId: string;
  /** Whether the signed-in person may change roles and remove others. */
  canManage: boolean;
  /** Members with a change under way. */
  busy(userId: string): boolean;
  memberName(member: Member): string;
  onChangeRole(member: Member, role: AssignableRole): void;
  onRemove(member: Member): void;
  onLeave(): void;
}

export function MemberList(props: MemberListProps) {
  const t = useT();
  return (
    <>
      <p class="muted">
        <small>{t('members.timesIn', { zone: localTimeZone() })}</small>
      </p>
      <ul class="team-list" aria-labelledby="members-title">
        {props.members.map((member) => (
          <MemberItem key={member.userId} member={member} {...props} />
        ))}
      </ul>
    </>
  );
}

function MemberItem({
  member,
  selfId,
  canManage,
  busy,
  memberName,
  onChangeRole,
  onRemove,
  onLeave,
}: MemberListProps & { member: Member }) {
  const t = useT();
  const self = member.userId === selfId;
  const owner = member.role === 'owner';
  const editable = canManage && !owner && !self;
  const [chosen, setChosen] = useState<AssignableRole>(
    member.role === 'owner' ? 'admin' : member.role,
  );
  const name = memberName(member);
  const working = busy(member.userId);
  return (
    <li>
      <div class="team-who">
        <span class="team-name">{name}</span>
        {self && <span class="muted"> ({t('members.you')})</span>}
        {member.name && <small class="muted">{member.email}</small>}
      </div>
      <dl class="team-facts">
        <div>
          <dt>{t('members.role')}</dt>
          <dd>
            {editable ? (
              <div class="role-edit">
                <RoleSelect
                  id={`role-${member.userId}`}
                  ariaLabel={t('members.roleOf', { name })}
                  value={chosen}
                  disabled={working}
                  onChange={setChosen}
                />
                <button
                  type="button"
                  class="secondary"
                  aria-label={t('members.saveRoleLabel', { name })}
                  aria-busy={working ? 'true' : undefined}
                  disabled={working || chosen === member.role}
                  onClick={() => onChangeRole(member, chosen)}
                >
                  {t('members.saveRole')}
                </button>
              </div>
            ) : (
              t(`roles.${member.role}`)
            )}
          </dd>
        </div>
        <div>
          <dt>{t('members.joinedAt')}</dt>
          <dd>
            <LocalTime iso={member.joinedAt} />
          </dd>
        </div>
      </dl>
      <div class="team-actions">
        {editable && (
          <button
            type="button"
            class="danger outline"
            aria-label={t('members.removeLabel', { name })}
            disabled={working}
            onClick={() => onRemove(member)}
          >
            {t('members.remove')}
          </button>
        )}
        {self && !owner && (
          <button type="button" class="danger outline" onClick={onLeave}>
            {t('members.leave')}
          </button>
        )}
      </div>
    </li>
  );
}

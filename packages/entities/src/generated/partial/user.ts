/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Unique within its collection, compared case-insensitively. Must not be empty (checked by validateEntities, code empty-id).
 */
export type EntityId = string
/**
 * Roles follow the organization's own hierarchy and access policies.
 */
export type UserRole = 'root' | 'admin' | 'member' | 'manager'

/**
 * A partial Entities document holding users only.
 */
export interface UserEntities {
  /**
   * The URI of this document's schema, so editors can validate and complete it.
   */
  $schema?: string
  users: UserEntity[]
}
export interface UserEntity {
  id: EntityId
  role: UserRole
}
